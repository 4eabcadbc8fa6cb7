-- ledger_account_figures: its live definition (decision 0057: edit this file; no migration needed).
-- A member account's kept figures (migration 0062) are the folded rows plus the rows appended since the
-- last fold. Every reader must sum both in one statement to see each entry once, before or after a fold:
-- the view holds that union once (member money, the member's list count, reconcile's derived check).
CREATE OR REPLACE VIEW ledger_account_figures AS
  SELECT account_id, source, income, credit, entries, amount FROM ledger_account_sums
  UNION ALL
  SELECT account_id, source, income, credit, entries, amount FROM ledger_account_sums_live;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT ON ledger_account_figures TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
