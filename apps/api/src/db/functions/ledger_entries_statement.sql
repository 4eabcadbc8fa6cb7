-- ledger_entries_statement: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.ledger_entries_statement()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  -- Each entry's transaction and account by primary key (OFFSET 0 keeps each a lookup: a statement of
  -- thousands of entries never hashes the ledger), once, for the checks and for both live figures.
  WITH j AS MATERIALIZED (
    SELECT n.transaction_id, n.account_id, n.amount, a.asset, a.owner_id, t.created_at,
           n.created_at = t.created_at AS timed,
           coalesce(t.income_type, t.kind) AS source, t.income_type IS NOT NULL AS income, t.kind IS NOT NULL AS known
    FROM inserted n
    -- The transaction at the entry's time: one month's partition (decision 0097). An entry not at its transaction's
    -- time finds none here, and is refused below with the reason.
    LEFT JOIN LATERAL (SELECT x.created_at, x.income_type, x.kind FROM ledger_transactions x
                       WHERE x.id = n.transaction_id AND x.created_at = n.created_at OFFSET 0) t ON true
    LEFT JOIN LATERAL (SELECT y.asset, y.owner_id FROM ledger_accounts y WHERE y.id = n.account_id OFFSET 0) a ON true
  ),
  figures AS (SELECT * FROM j WHERE owner_id IS NOT NULL AND known),
  per_account AS (
    INSERT INTO ledger_account_sums_live (account_id, source, income, credit, entries, amount)
    SELECT account_id, source, income, amount > 0, count(*), sum(amount) FROM figures GROUP BY 1, 2, 3, 4
  ),
  per_hour AS (
    INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
    SELECT date_trunc('hour', created_at, 'UTC'), asset, source, income, amount > 0, count(*), sum(amount)
    FROM figures GROUP BY 1, 2, 3, 4, 5
  )
  SELECT r.transaction_id, r.asset, sum(r.amount) AS total, bool_and(r.known) AS known INTO bad
  FROM j r
  GROUP BY r.transaction_id, r.asset
  -- An entry carries its transaction's time (migration 0062): with the time in the partitioned table's unique key
  -- (decision 0079), that keeps (transaction_id, account_id) unique.
  HAVING sum(r.amount) <> 0 OR r.asset IS NULL OR NOT bool_and(r.known) OR NOT bool_and(r.timed)
  ORDER BY r.asset IS NULL DESC, bool_and(r.known), sum(r.amount) = 0  -- a missing row, then an unbalanced sum
  LIMIT 1;
  IF FOUND THEN
    IF bad.asset IS NULL THEN
      RAISE EXCEPTION 'ledger entry of transaction % names no account', bad.transaction_id USING ERRCODE = '23503';
    ELSIF NOT bad.known THEN
      -- No transaction at the entry's time: none at all, or one at another time (refused below).
      IF NOT EXISTS (SELECT 1 FROM ledger_transactions x WHERE x.id = bad.transaction_id) THEN
        RAISE EXCEPTION 'ledger entry names no transaction %', bad.transaction_id USING ERRCODE = '23503';
      END IF;
    ELSIF bad.total <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance in % (sum %)', bad.transaction_id, bad.asset, bad.total
        USING ERRCODE = 'P0002';
    END IF;
    RAISE EXCEPTION 'ledger entry of transaction % is not at its transaction''s time', bad.transaction_id
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $function$;
