-- A leader's own reads at a million members, and big set-based postings (monthly pay).
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
-- The append-only trigger (triggers/, applied after the migrations: decision 0057) exists here only on a
-- database that had it before; it is set aside for this one backfill.
DO $$
DECLARE
  kept boolean := EXISTS (SELECT 1 FROM pg_trigger
                          WHERE tgrelid = 'ledger_entries'::regclass AND tgname = 'ledger_entries_append_only');
BEGIN
  IF kept THEN
    ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
  END IF;
  UPDATE ledger_entries e SET created_at = t.created_at FROM ledger_transactions t WHERE t.id = e.transaction_id;
  IF kept THEN
    ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
  END IF;
END $$;
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

-- ledger_rollup_live_add: retired later (was defined here before decision 0057).

-- account_sums_fold: now in functions/account_sums_fold.sql (decision 0057).

-- account_sums_rebuild: now in functions/account_sums_rebuild.sql (decision 0057).

-- What account_sums_rebuild() did then, written out (decision 0057).
DELETE FROM ledger_account_sums_live;
DELETE FROM ledger_account_sums;
INSERT INTO ledger_account_sums (account_id, source, income, credit, entries, amount)
SELECT e.account_id, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL, e.amount > 0,
       count(*), sum(e.amount)::bigint
FROM ledger_entries e
JOIN ledger_transactions t ON t.id = e.transaction_id
JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
GROUP BY 1, 2, 3, 4;
