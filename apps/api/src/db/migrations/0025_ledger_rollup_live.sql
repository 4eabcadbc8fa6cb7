-- Issue 10: the ledger figures of the hours not yet closed, kept up to date as money moves.
--
-- Reads of money over time (the admin dashboard, the transaction screens' totals and deep pages) took
-- closed hours from ledger_rollups (0019) and read the hours after the watermark from the ledger itself:
-- a join of transactions, entries and accounts over 10 to 70 minutes of rows. That part grows with the
-- rate of money moving (at a million members the daily claims alone are hundreds of thousands of
-- postings an hour), not with what the screen shows. Now every INSERT statement on ledger_entries adds
-- its own figures, grouped like ledger_rollups, to ledger_rollup_live; a reader sums those rows for the
-- hours at and after the watermark. Rows are only added by writers (no shared row is updated, so writers
-- never queue on each other); rollup_live_fold, run by the filler about once a minute, replaces the rows
-- of each open hour by their sums and drops the rows of hours already closed.

CREATE TABLE ledger_rollup_live (
  period timestamptz NOT NULL,  -- the UTC hour of the transaction's created_at
  asset text NOT NULL,
  source text NOT NULL,         -- coalesce(income_type, kind)
  income boolean NOT NULL,
  credit boolean NOT NULL,
  entries bigint NOT NULL,
  amount bigint NOT NULL
);

-- Entries on member accounts only, as ledger_rollups counts them. The statement's rows are joined to
-- their transaction and account by primary key: the cost follows the statement.
CREATE FUNCTION ledger_rollup_live_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
  SELECT date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
         t.income_type IS NOT NULL, n.amount > 0, count(*), sum(n.amount)
  FROM inserted n
  JOIN ledger_transactions t ON t.id = n.transaction_id
  JOIN ledger_accounts a ON a.id = n.account_id AND a.owner_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;

-- The trigger exists before the rows already there are counted: creating it waits for every writer in
-- progress and holds new ones until this migration commits, so no posting is counted twice or missed.
CREATE TRIGGER ledger_entries_rollup_live AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollup_live_add();

-- Rebuilds the live rows of the hours from `since` on from the ledger itself (here for the hours not yet
-- closed; the benchmark's loader and the tests' history fixture after moving the watermark back).
CREATE FUNCTION rollup_live_rebuild(since timestamptz) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_rollup_live;
  INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
  SELECT date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
         t.income_type IS NOT NULL, e.amount > 0, count(*), sum(e.amount)
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  WHERE t.created_at >= date_trunc('hour', since, 'UTC')
  GROUP BY 1, 2, 3, 4, 5;
$$;

SELECT rollup_live_rebuild((SELECT closed_until FROM rollup_state WHERE name = 'hourly'));

-- Drops the rows of closed hours (readers only read hours at or after the watermark, in the same
-- statement as the watermark itself) and replaces the rows of each open hour by their sums. One folder
-- at a time; rows added meanwhile by writers stay as they are (the DELETE sees its snapshot only).
-- Returns how many rows it folded.
CREATE FUNCTION rollup_live_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  w timestamptz;
  n bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727025) THEN
    RETURN 0;
  END IF;
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'hourly';
  DELETE FROM ledger_rollup_live WHERE period < w;
  WITH gone AS (DELETE FROM ledger_rollup_live RETURNING *),
  folded AS (
    INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
    SELECT period, asset, source, income, credit, sum(entries), sum(amount)
    FROM gone GROUP BY 1, 2, 3, 4, 5
    RETURNING 1
  )
  SELECT count(*) INTO n FROM gone;
  RETURN n;
END $$;
