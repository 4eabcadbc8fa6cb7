-- rollup_live_rebuild: its live definition (decision 0057: edit this file; no migration needed).
-- Rebuilds the live rows of the hours from `since` on from the ledger itself (here for the hours not yet
-- closed; the benchmark's loader and the tests' history fixture after moving the watermark back).
CREATE OR REPLACE FUNCTION public.rollup_live_rebuild(since timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM ledger_rollup_live;
  INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
  SELECT date_trunc('hour', t.created_at, 'UTC'), a.asset, coalesce(t.income_type, t.kind),
         t.income_type IS NOT NULL, e.amount > 0, count(*), sum(e.amount)
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  WHERE t.created_at >= date_trunc('hour', since, 'UTC')
  GROUP BY 1, 2, 3, 4, 5;
$function$;
