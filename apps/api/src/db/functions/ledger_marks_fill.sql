-- ledger_marks_fill: its live definition (decision 0057: edit this file; no migration needed).
-- Marks the busy hours' rows from the marks' instant up to the instant the ledger's rows are settled
-- (ledger_settled_until: no row stamped before it can still appear), at most `hours` of them a call, open hours too
-- (decisions 0090, 0092), and returns the new instant. A busy hour is one whose rows (entries on members' wallets, per
-- asset) are more than `every`, by ledger_hours (closed hours' rollups, open hours' live figures); an hour not
-- busy yet is counted from its start once it is. Each transaction's rows are counted per source and side and for all
-- of them (GROUPING SETS: a set left out is '' in the mark), summed oldest first from the hour's count so far
-- (ledger_marks_counted): a transaction is marked where its rows reach the next multiple of `every`, with the count
-- of the hour's rows at or older than it (`through`), which later rows never change. One filler at a time: a second
-- caller returns the instant as it is.
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
    RETURN (SELECT marked_until FROM ledger_marks_state);
  END IF;
  SELECT marked_until INTO w FROM ledger_marks_state FOR UPDATE;
  target := least(ledger_settled_until(clock_timestamp()), w + make_interval(hours => hours));
  IF target <= w THEN
    RETURN w;
  END IF;

  WITH busy AS (
    -- Each busy hour's rows to count now: from the instant where its counts stop, or from its start when it has none.
    SELECT b.period, b.asset,
           CASE WHEN EXISTS (SELECT 1 FROM ledger_marks_counted c WHERE c.period = b.period AND c.asset = b.asset)
                THEN greatest(w, b.period) ELSE b.period END AS lo,
           least(b.period + interval '1 hour', target) AS hi
    FROM (
      SELECT y.period, y.asset FROM ledger_hours(date_trunc('hour', w, 'UTC'), target) y
      GROUP BY y.period, y.asset HAVING sum(y.entries) > every
    ) b
  ),
  tallied AS (
    SELECT s.period, s.asset, s.source, s.side, s.created_at, s.id, s.n,
           coalesce(c.counted, 0)
             + (sum(s.n) OVER (PARTITION BY s.period, s.asset, s.source, s.side
                               ORDER BY s.created_at, s.id))::bigint AS through
    FROM (
      SELECT x.period, x.asset, coalesce(x.source, '') AS source,
             CASE WHEN x.credit IS NULL THEN '' WHEN x.credit THEN 'credit' ELSE 'debit' END AS side,
             x.created_at, x.id, sum(x.n)::bigint AS n
      FROM (
        SELECT b.period, a.asset, coalesce(t.income_type, t.kind) AS source, e.amount > 0 AS credit,
               t.created_at, t.id, count(*) AS n
        FROM busy b
        JOIN ledger_transactions t ON t.created_at >= b.lo AND t.created_at < b.hi
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
    LEFT JOIN ledger_marks_counted c
      ON c.period = s.period AND c.asset = s.asset AND c.source = s.source AND c.side = s.side
  ),
  marked AS (
    INSERT INTO ledger_marks (period, asset, source, side, through, created_at, transaction_id)
    SELECT r.period, r.asset, r.source, r.side, r.through, r.created_at, r.id
    FROM tallied r
    -- Whole numbers: the quotients are whole too.
    WHERE (r.through - r.n) / every < r.through / every
  )
  INSERT INTO ledger_marks_counted (period, asset, source, side, counted)
  SELECT r.period, r.asset, r.source, r.side, max(r.through) FROM tallied r
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (period, asset, source, side) DO UPDATE SET counted = excluded.counted;

  -- The hours the instant has passed are counted whole.
  DELETE FROM ledger_marks_counted WHERE period + interval '1 hour' <= target;
  UPDATE ledger_marks_state SET marked_until = target;
  RETURN target;
END $function$;
