-- Issue 25: a leader's own reads at a million members, and big set-based postings (monthly pay).
--
-- 1. Every entry carries its transaction's time (decision 0048). A member's list of postings, newest
--    first, is then read from the index of the member's few accounts (one walk per account, stopping at
--    the page) instead of joining every entry the member ever had to its transaction and sorting them:
--    a leader with 5,000 direct-sponsor credits read all 5,000. The time is the transaction's: entries
--    are written in the database transaction that writes their ledger transaction, so now() is the same
--    instant; reconcile() proves it for every entry.
-- 2. Folded figures per member account: entries and amount per (source, income, credit), the live-rollup
--    pattern of 0025 per account. The trigger below appends one row per account a statement touched (no
--    shared row is updated, so a thousand claims under one leader never queue on a figure); the filler
--    folds them about once a minute. A member record's income totals read those few rows instead of
--    summing every income entry.
-- 3. The rollup trigger looks each inserted entry's transaction and account up by primary key. Its join
--    let the planner hash the whole of ledger_transactions and ledger_accounts for a statement of a few
--    thousand rows (a month's CTO credits: 0.2 s at 100,000 members, seconds at a million).

ALTER TABLE ledger_entries ADD COLUMN created_at timestamptz;
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
UPDATE ledger_entries e SET created_at = t.created_at FROM ledger_transactions t WHERE t.id = e.transaction_id;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
ALTER TABLE ledger_entries ALTER COLUMN created_at SET DEFAULT now();
ALTER TABLE ledger_entries ALTER COLUMN created_at SET NOT NULL;

-- Replaces (account_id, transaction_id) INCLUDE (amount): the same prefix for lookups by account, and the
-- order of a member's list. No index more on the write path.
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at, transaction_id)
  INCLUDE (amount);
DROP INDEX ledger_entries_account_tx_idx;

CREATE TABLE ledger_account_sums (
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  source text NOT NULL,       -- coalesce(income_type, kind) of the transaction
  income boolean NOT NULL,    -- the transaction has an income type
  credit boolean NOT NULL,    -- amount > 0
  entries bigint NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (account_id, source, income, credit)
);

CREATE TABLE ledger_account_sums_live (
  account_id bigint NOT NULL,
  source text NOT NULL,
  income boolean NOT NULL,
  credit boolean NOT NULL,
  entries bigint NOT NULL,
  amount bigint NOT NULL
);
CREATE INDEX ledger_account_sums_live_account_idx ON ledger_account_sums_live (account_id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON ledger_account_sums TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, DELETE ON ledger_account_sums_live TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;

-- Both live figures in one statement: the hour's (0025) and the account's. Each row's transaction and
-- account are looked up by primary key (OFFSET 0 keeps the planner from turning the lookups into a hash
-- of the whole table), so the cost follows the statement, not the ledger.
CREATE OR REPLACE FUNCTION ledger_rollup_live_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH j AS MATERIALIZED (
    SELECT n.account_id, n.amount, a.asset, t.created_at, coalesce(t.income_type, t.kind) AS source,
           t.income_type IS NOT NULL AS income
    FROM inserted n
    CROSS JOIN LATERAL (SELECT x.created_at, x.income_type, x.kind FROM ledger_transactions x
                        WHERE x.id = n.transaction_id OFFSET 0) t
    CROSS JOIN LATERAL (SELECT y.asset, y.owner_id FROM ledger_accounts y WHERE y.id = n.account_id OFFSET 0) a
    WHERE a.owner_id IS NOT NULL
  ),
  per_account AS (
    INSERT INTO ledger_account_sums_live (account_id, source, income, credit, entries, amount)
    SELECT account_id, source, income, amount > 0, count(*), sum(amount) FROM j GROUP BY 1, 2, 3, 4
  )
  INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
  SELECT date_trunc('hour', created_at, 'UTC'), asset, source, income, amount > 0, count(*), sum(amount)
  FROM j GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;

-- Moves the appended rows into the folded ones, one folder at a time. Rows appended meanwhile stay (the
-- DELETE sees its snapshot only); a reader sums both tables in one statement, so it sees every entry
-- once, before or after a fold. Returns how many rows it folded.
CREATE FUNCTION account_sums_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727062) THEN
    RETURN 0;
  END IF;
  WITH gone AS (DELETE FROM ledger_account_sums_live RETURNING *),
  folded AS (
    INSERT INTO ledger_account_sums AS s (account_id, source, income, credit, entries, amount)
    SELECT account_id, source, income, credit, sum(entries)::bigint, sum(amount)::bigint
    FROM gone GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, source, income, credit)
    DO UPDATE SET entries = s.entries + excluded.entries, amount = s.amount + excluded.amount
  )
  SELECT count(*) INTO n FROM gone;
  RETURN n;
END $$;

-- Rebuilds the folded figures from the ledger (here; the benchmark's loader after writing its rows).
CREATE FUNCTION account_sums_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_account_sums_live;
  DELETE FROM ledger_account_sums;
  INSERT INTO ledger_account_sums (account_id, source, income, credit, entries, amount)
  SELECT e.account_id, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL, e.amount > 0,
         count(*), sum(e.amount)::bigint
  FROM ledger_entries e
  JOIN ledger_transactions t ON t.id = e.transaction_id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  GROUP BY 1, 2, 3, 4;
$$;

SELECT account_sums_rebuild();
