-- The set-returning money functions answer one row; without an estimate the planner assumes 1,000 (issue 25 found
-- transfer_touser's reply query reading the whole users table twice for it). Every overload of each, whatever its
-- arguments, is told it returns one row.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT p.oid::regprocedure AS sig FROM pg_proc p
    WHERE p.proname IN ('ledger_post', 'token_trade', 'token_trade_keyed', 'transfer_touser', 'withdrawal_request')
      AND p.proretset AND p.pronamespace = 'public'::regnamespace
  LOOP
    EXECUTE format('ALTER FUNCTION %s ROWS 1', r.sig);
  END LOOP;
END $$;
