-- ledger_marks_fill: its live definition (decision 0057: edit this file; no migration needed).
-- Marks the busy closed hours after the marks' watermark (decision 0090), at most `hours` of them a call, and returns
-- the new watermark. A busy hour is one whose rows (entries on members' wallets, per asset) are more than `every`.
-- Each of its transactions' rows are counted per source and side and for all of them (GROUPING SETS: a set left out
-- is '' in the mark), summed newest first (created_at DESC, id DESC, the list's order): a transaction is marked where
-- its rows reach the next multiple of `every`, with the count of the rows before its own. One filler at a time: a
-- second caller returns the watermark as it is. Closed hours do not change (rollup_closable_until), so marks are
-- only added.
CREATE OR REPLACE FUNCTION public.ledger_marks_fill(every integer DEFAULT 1000, hours integer DEFAULT 168)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
DECLARE
  w timestamptz;
  target timestamptz;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727023) THEN
    RETURN (SELECT closed_until FROM rollup_state WHERE name = 'marks');
  END IF;
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'marks' FOR UPDATE;
  target := least((SELECT closed_until FROM rollup_state WHERE name = 'hourly'), w + make_interval(hours => hours));
  IF target <= w THEN
    RETURN w;
  END IF;

  INSERT INTO ledger_marks (period, asset, source, side, position, created_at, transaction_id)
  SELECT r.period, r.asset, r.source, r.side, r.before, r.created_at, r.id
  FROM (
    SELECT s.period, s.asset, s.source, s.side, s.created_at, s.id, s.n,
           (sum(s.n) OVER (PARTITION BY s.period, s.asset, s.source, s.side
                           ORDER BY s.created_at DESC, s.id DESC))::bigint - s.n AS before
    FROM (
      SELECT x.period, x.asset, coalesce(x.source, '') AS source,
             CASE WHEN x.credit IS NULL THEN '' WHEN x.credit THEN 'credit' ELSE 'debit' END AS side,
             x.created_at, x.id, sum(x.n)::bigint AS n
      FROM (
        SELECT b.period, a.asset, coalesce(t.income_type, t.kind) AS source, e.amount > 0 AS credit,
               t.created_at, t.id, count(*) AS n
        FROM (
          SELECT period, asset FROM ledger_rollups
          WHERE grain = 'hour' AND period >= w AND period < target
          GROUP BY period, asset HAVING sum(entries) > every
        ) b
        JOIN ledger_transactions t ON t.created_at >= b.period AND t.created_at < b.period + interval '1 hour'
        -- An entry carries its transaction's time: with it the lookup reaches one month's partition (0079).
        JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
        JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL AND a.asset = b.asset
        GROUP BY 1, 2, 3, 4, 5, 6
      ) x
      GROUP BY GROUPING SETS ((x.period, x.asset, x.created_at, x.id),
                              (x.period, x.asset, x.source, x.created_at, x.id),
                              (x.period, x.asset, x.credit, x.created_at, x.id),
                              (x.period, x.asset, x.source, x.credit, x.created_at, x.id))
    ) s
  ) r
  -- Whole numbers: the quotients are whole too.
  WHERE r.before / every < (r.before + r.n) / every;

  UPDATE rollup_state SET closed_until = target WHERE name = 'marks';
  RETURN target;
END $function$;
