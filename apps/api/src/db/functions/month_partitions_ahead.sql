-- month_partitions_ahead: its live definition (decision 0057: edit this file; no migration needed).
-- Decisions 0079 and 0095: the months of `parent` (a table partitioned by month, month_partition_create) from the
-- current one (UTC) to `months` ahead, each made once, then the parent's own statistics (decision 0097): autovacuum
-- analyzes each partition but never a partitioned table, whose statistics the planner reads for a join or a filter
-- over the whole table (without them a list over millions of rows was planned as if the table were small: seconds).
-- ANALYZE ONLY samples the partitions for the parent without analyzing each again (about a second at 4 M rows).
-- Returns the partitions it made. The owner's only: the daily
-- job calls the tables' own makers (ledger_partitions_ahead, audit_partitions_ahead).
CREATE OR REPLACE FUNCTION public.month_partitions_ahead(parent regclass, months integer)
 RETURNS text[]
 LANGUAGE plpgsql
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  made text[] := '{}';
  m date;
BEGIN
  IF months < 0 OR months > 24 THEN
    RAISE EXCEPTION 'months ahead must be between 0 and 24 (got %)', months USING ERRCODE = '22023';
  END IF;
  FOR k IN 0..months LOOP
    m := (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => k))::date;
    IF month_partition_create(parent, m) THEN
      made := made || format('%s_%s', (SELECT c.relname FROM pg_class c WHERE c.oid = parent), to_char(m, 'YYYY_MM'));
    END IF;
  END LOOP;
  EXECUTE format('ANALYZE ONLY %s', parent);
  RETURN made;
END $function$;
REVOKE ALL ON FUNCTION public.month_partitions_ahead(regclass, integer) FROM PUBLIC;
