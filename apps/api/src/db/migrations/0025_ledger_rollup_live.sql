-- The ledger figures of the hours not yet closed, kept up to date as money moves (decision 0009).
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

-- ledger_rollup_live_add: retired later (was defined here before decision 0057).

-- ledger_entries.ledger_entries_rollup_live: retired later (was defined here before decision 0057).

-- rollup_live_rebuild: now in functions/rollup_live_rebuild.sql (decision 0057).

-- What rollup_live_rebuild(watermark) did then, written out (decision 0057).
DELETE FROM ledger_rollup_live;
INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
SELECT date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
       t.income_type IS NOT NULL, e.amount > 0, count(*), sum(e.amount)
FROM ledger_transactions t
JOIN ledger_entries e ON e.transaction_id = t.id
JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
WHERE t.created_at >= date_trunc('hour', (SELECT closed_until FROM rollup_state WHERE name = 'hourly'), 'UTC')
GROUP BY 1, 2, 3, 4, 5;

-- rollup_live_fold: now in functions/rollup_live_fold.sql (decision 0057).
