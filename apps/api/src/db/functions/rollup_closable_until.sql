-- rollup_closable_until: its live definition (decision 0057: edit this file; no migration needed).
-- The end of the last hour that may be closed: the start of the hour of ledger_settled_until(upto) (not after `upto`,
-- which the app passes ten minutes ago, and never after the start of a transaction still open).
CREATE OR REPLACE FUNCTION public.rollup_closable_until(upto timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  SELECT date_trunc('hour', public.ledger_settled_until(upto), 'UTC')
$function$;
