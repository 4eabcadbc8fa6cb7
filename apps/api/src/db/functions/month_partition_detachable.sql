-- month_partition_detachable: its live definition (decision 0057: edit this file; no migration needed).
-- Decisions 0079 and 0095: the margin by which a month of a table partitioned by month may leave for archive, and
-- the first step of leaving. Only a month wholly in the past by the margin: it must have ended two whole months
-- before the current month (UTC) began (in November, August and older), so the current month, a future one and
-- the last two closed ones, which statements, the daily proof, corrections and recent searches still read, never
-- leave. The month must be a partition of `parent`. Takes a SHARE lock on it (nothing is written to it while the
-- caller records what it holds, then detaches it) and returns its name. The owner's only: called by
-- ledger_partition_detach and audit_partition_detach.
CREATE OR REPLACE FUNCTION public.month_partition_detachable(parent regclass, month date)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  start timestamp := date_trunc('month', month::timestamp);
  base text := (SELECT c.relname FROM pg_class c WHERE c.oid = parent);
  part text := format('%s_%s', base, to_char(month, 'YYYY_MM'));
  latest timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') - interval '3 months';
BEGIN
  IF start > latest THEN
    RAISE EXCEPTION '% month % may not be detached: only % and older months are (two closed months are kept)',
      base, to_char(start, 'YYYY-MM'), to_char(latest, 'YYYY-MM') USING ERRCODE = 'P0001';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = parent
                  AND i.inhrelid = to_regclass(format('public.%I', part))) THEN
    RAISE EXCEPTION '% month % has no partition to detach', base, to_char(start, 'YYYY-MM') USING ERRCODE = 'P0002';
  END IF;
  EXECUTE format('LOCK TABLE %I IN SHARE MODE', part);
  RETURN part;
END $function$;
REVOKE ALL ON FUNCTION public.month_partition_detachable(regclass, date) FROM PUBLIC;
