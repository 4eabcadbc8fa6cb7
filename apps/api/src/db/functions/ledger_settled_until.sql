-- ledger_settled_until: its live definition (decision 0057: edit this file; no migration needed).
-- The instant before which the ledger's rows are settled (decision 0091): not after `upto`, and never after the start
-- of a transaction still open (its rows, stamped with its start time, are not visible yet), so no row stamped before
-- it can still appear. rollup_closable_until rounds it down to its hour. SECURITY DEFINER so that the app role can
-- see the other sessions of this database.
CREATE OR REPLACE FUNCTION public.ledger_settled_until(upto timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  SELECT least(
    upto,
    coalesce((SELECT min(a.xact_start) FROM pg_stat_activity a
              WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                AND a.backend_type = 'client backend' AND a.xact_start IS NOT NULL), 'infinity')
  )
$function$;
