-- ledger_post: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047: less PostgreSQL work per posting (every money path goes through ledger_post).
--
-- Measured with `npm run bench -- --only transfer --statements --concurrency 1` (nested pg_stat_statements): of
-- ledger_post's 0.59 ms a transfer, 0.2 ms was planning its statements again on every call (PL/pgSQL kept custom
-- plans for the unnest() joins: the generic plan's row estimate for an array parameter looked worse), and the
-- posting's accounts were looked up three times (to open missing ones, to move balances, to write the entries),
-- the first by an INSERT ... WHERE NOT EXISTS that is planned and run even when every account exists, as it
-- almost always does.
--
-- Now: the accounts are looked up once, in the entries' order, and opened (then looked up again) only when one is
-- missing; the balance updates and the entries use the ids found; the function's statements (and the triggers
-- they fire) keep one generic plan per connection. What it does is unchanged: the key's first result stands, an
-- account is opened when missing, member balances move in account-id order (no deadlocks) and never below zero
-- unless allowed, one entry per element, ROWS 1 as 0043 set.
CREATE OR REPLACE FUNCTION public.ledger_post(p_key text, p_kind text, p_income_type text, p_member_id bigint, p_memo text, p_details jsonb, p_created_by bigint, p_owners bigint[], p_kinds text[], p_assets text[], p_amounts bigint[])
 RETURNS TABLE(transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 ROWS 1
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_tx bigint;
  v_n integer := coalesce(cardinality(p_amounts), 0);
  v_ids bigint[];
  v_member boolean[];
  r record;
BEGIN
  IF coalesce(cardinality(p_owners), 0) <> v_n OR coalesce(cardinality(p_kinds), 0) <> v_n
     OR coalesce(cardinality(p_assets), 0) <> v_n THEN
    RAISE EXCEPTION 'ledger_post: transaction % needs one owner, kind, asset and amount per entry', p_key
      USING ERRCODE = 'SX002';
  END IF;

  INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, details, created_by)
  VALUES (p_key, p_kind, p_income_type, p_member_id, p_memo, p_details, p_created_by)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    -- Posted before (or by a concurrent request that has now committed): the first result stands.
    SELECT t.id INTO v_tx FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    RETURN QUERY SELECT v_tx, false;
    RETURN;
  END IF;

  -- The posting's accounts, one per entry, in the entries' order.
  SELECT array_agg(acc.id ORDER BY x.i), array_agg(acc.owner_id IS NOT NULL ORDER BY x.i)
  INTO v_ids, v_member
  FROM unnest(p_owners, p_kinds, p_assets) WITH ORDINALITY AS x (o, k, a, i)
  JOIN ledger_accounts acc ON coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a;
  IF coalesce(cardinality(v_ids), 0) <> v_n THEN
    INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
    SELECT x.o, x.k, x.a, x.o IS NULL
    FROM unnest(p_owners, p_kinds, p_assets) AS x (o, k, a)
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts acc
      WHERE coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a
    )
    ON CONFLICT DO NOTHING;
    SELECT array_agg(acc.id ORDER BY x.i), array_agg(acc.owner_id IS NOT NULL ORDER BY x.i)
    INTO v_ids, v_member
    FROM unnest(p_owners, p_kinds, p_assets) WITH ORDINALITY AS x (o, k, a, i)
    JOIN ledger_accounts acc ON coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a;
    IF coalesce(cardinality(v_ids), 0) <> v_n THEN
      RAISE EXCEPTION 'ledger_post: an account of transaction % could not be opened', p_key USING ERRCODE = 'SX002';
    END IF;
  END IF;

  -- Member balances, in account-id order so that concurrent postings cannot deadlock; a member account
  -- never goes below zero (and the table's CHECK says so again). Platform accounts take no row lock.
  FOR r IN
    SELECT y.id, y.amt FROM unnest(v_ids, p_amounts, v_member) AS y (id, amt, m) WHERE y.m ORDER BY y.id
  LOOP
    UPDATE ledger_accounts SET balance = balance + r.amt
    WHERE id = r.id AND (allow_negative OR balance + r.amt >= 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Insufficient balance.' USING ERRCODE = 'SX001';
    END IF;
  END LOOP;

  INSERT INTO ledger_entries (transaction_id, account_id, amount)
  SELECT v_tx, y.id, y.amt FROM unnest(v_ids, p_amounts) AS y (id, amt);

  RETURN QUERY SELECT v_tx, true;
END $function$;
