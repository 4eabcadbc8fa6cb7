-- audit_partitions_ahead: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0095: the months of audit_log from the current one (UTC) to `months` ahead, each made once
-- (month_partitions_ahead); run daily by the job ledger-partitions-daily as the app role. Returns the partitions
-- it made.
CREATE OR REPLACE FUNCTION public.audit_partitions_ahead(months integer DEFAULT 3)
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
BEGIN
  RETURN month_partitions_ahead('public.audit_log'::regclass, months);
END $function$;
