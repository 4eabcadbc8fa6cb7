-- account_sums_rebuild: its live definition (decision 0057: edit this file; no migration needed).
-- Rebuilds the folded figures from the ledger (here; the benchmark's loader after writing its rows).
CREATE OR REPLACE FUNCTION public.account_sums_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM ledger_account_sums_live;
  DELETE FROM ledger_account_sums;
  INSERT INTO ledger_account_sums (account_id, source, income, credit, entries, amount)
  SELECT e.account_id, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL, e.amount > 0,
         count(*), sum(e.amount)::bigint
  FROM ledger_entries e
  JOIN ledger_transactions t ON t.id = e.transaction_id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
  GROUP BY 1, 2, 3, 4;
$function$;
