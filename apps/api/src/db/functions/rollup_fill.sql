-- rollup_fill: its live definition (decision 0057: edit this file; no migration needed).
-- Brings the rollups up to the last closable hour before `upto` and returns the new watermark. One filler
-- at a time: a second caller does not wait, it returns the watermark as it is. Hour rows for the newly
-- closed hours, then day rows (sums of their hours) for the days all of whose hours are now closed.
-- Plans are made for the actual range each time (a generic plan could scan the whole ledger).
CREATE OR REPLACE FUNCTION public.rollup_fill(upto timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
DECLARE
  w timestamptz;
  target timestamptz;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727019) THEN
    RETURN (SELECT closed_until FROM rollup_state WHERE name = 'hourly');
  END IF;
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'hourly' FOR UPDATE;
  target := rollup_closable_until(upto);
  IF target <= w THEN
    RETURN w;
  END IF;

  INSERT INTO ledger_rollups (grain, period, asset, source, income, credit, entries, amount)
  SELECT 'hour', date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
         t.income_type IS NOT NULL, e.amount > 0, count(*), sum(e.amount)
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  WHERE t.created_at >= w AND t.created_at < target
  GROUP BY 2, 3, 4, 5, 6;

  INSERT INTO activity_rollups (grain, period, registrations, deposits, withdrawals)
  SELECT 'hour', x.period, sum(x.registrations), sum(x.deposits), sum(x.withdrawals)
  FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS period, count(*) AS registrations, 0 AS deposits, 0 AS withdrawals
    FROM users WHERE role = 'user' AND created_at >= w AND created_at < target GROUP BY 1
    UNION ALL
    SELECT date_trunc('hour', decided_at, 'UTC'), 0, sum(credited_amount), 0
    FROM deposits WHERE status = 'complete' AND decided_at >= w AND decided_at < target GROUP BY 1
    UNION ALL
    SELECT date_trunc('hour', decided_at, 'UTC'), 0, 0, sum(net)
    FROM withdrawals WHERE status = 'complete' AND decided_at >= w AND decided_at < target GROUP BY 1
  ) x
  GROUP BY x.period;

  INSERT INTO ledger_rollups (grain, period, asset, source, income, credit, entries, amount)
  SELECT 'day', date_trunc('day', period, 'UTC'), asset, source, income, credit, sum(entries), sum(amount)
  FROM ledger_rollups
  WHERE grain = 'hour' AND period >= date_trunc('day', w, 'UTC') AND period < date_trunc('day', target, 'UTC')
  GROUP BY 2, 3, 4, 5, 6;

  INSERT INTO activity_rollups (grain, period, registrations, deposits, withdrawals)
  SELECT 'day', date_trunc('day', period, 'UTC'), sum(registrations), sum(deposits), sum(withdrawals)
  FROM activity_rollups
  WHERE grain = 'hour' AND period >= date_trunc('day', w, 'UTC') AND period < date_trunc('day', target, 'UTC')
  GROUP BY 2;

  UPDATE rollup_state SET closed_until = target WHERE name = 'hourly';
  RETURN target;
END $function$;
