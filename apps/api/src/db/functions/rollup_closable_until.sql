-- rollup_closable_until: its live definition (decision 0057: edit this file; no migration needed).
-- The end of the last hour that may be closed: not after `upto` (the app passes ten minutes ago), and never
-- after the start of a transaction still open (its rows, stamped with its start time, are not visible yet). SECURITY DEFINER so that the app role can
-- see the other sessions of this database.
CREATE OR REPLACE FUNCTION public.rollup_closable_until(upto timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  SELECT date_trunc('hour', least(
    upto,
    coalesce((SELECT min(a.xact_start) FROM pg_stat_activity a
              WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                AND a.backend_type = 'client backend' AND a.xact_start IS NOT NULL), 'infinity')
  ), 'UTC')
$function$;
