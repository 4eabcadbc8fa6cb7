-- ledger_hours: its live definition (decision 0057: edit this file; no migration needed).
-- The ledger figures of the hours in [from_, to_) (hours starting in it), closed or not: an hour before the stored
-- `hourly` watermark from its hour rollup (rollup_fill), from it on from the writers' live figures
-- (ledger_rollup_live, several rows an hour until rollup_live_fold sums them). The one home of that split (decisions
-- 0009, 0092): the rollups' live reads, the marks' hour totals and the marks' busy hours read through it. The
-- watermark is read in the caller's statement, so a fill or fold by another session in between changes nothing. A
-- SQL function of one SELECT, inlined by the planner: the caller's filters reach both tables' ranges.
CREATE OR REPLACE FUNCTION public.ledger_hours(from_ timestamp with time zone, to_ timestamp with time zone DEFAULT 'infinity'::timestamp with time zone)
 RETURNS TABLE(period timestamp with time zone, asset text, source text, income boolean, credit boolean, entries bigint, amount bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT x.period, x.asset, x.source, x.income, x.credit, x.entries, x.amount FROM ledger_rollups x
  WHERE x.grain = 'hour' AND x.period >= from_ AND x.period < to_
    AND x.period < (SELECT s.closed_until FROM rollup_state s WHERE s.name = 'hourly')
  UNION ALL
  SELECT y.period, y.asset, y.source, y.income, y.credit, y.entries, y.amount FROM ledger_rollup_live y
  WHERE y.period >= from_ AND y.period < to_
    AND y.period >= (SELECT s.closed_until FROM rollup_state s WHERE s.name = 'hourly')
$function$;
