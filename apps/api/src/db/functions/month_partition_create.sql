-- requires: functions/month_partition_guard.sql
-- month_partition_create: its live definition (decision 0057: edit this file; no migration needed).
-- Decisions 0079 and 0095: the history tables that only grow (ledger_entries, audit_log) are partitioned by month
-- of created_at in UTC, one partition per month named <table>_YYYY_MM ([YYYY-MM-01 00:00Z, next month)) beside a
-- DEFAULT partition <table>_default. This makes the partition of `parent` for the month that holds `month` (any
-- day of it), once: a month that has one is left as it is (idempotent). Returns true when it made it.
-- - Rows of the month held by the DEFAULT partition (a backdated or far-future row written before its month
--   existed) move into the new partition: the same rows, ids and times. The default partition's triggers (its
--   append-only guards) are set aside for that move only.
-- - Each partition gets what PostgreSQL does not clone from the parent: its statement-level triggers (a check
--   over the inserted rows, the TRUNCATE guard; month_partition_guard), so that a statement naming the partition
--   itself meets the same guards. Row-level triggers, keys and indexes come from the parent.
-- - The app role reaches the rows through the parent only (no right on a partition of its own).
-- The owner's only: the app role calls the tables' own SECURITY DEFINER makers (ledger_partitions_ahead,
-- audit_partitions_ahead).
CREATE OR REPLACE FUNCTION public.month_partition_create(parent regclass, month date)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  base text;
  lo timestamptz := date_trunc('month', month::timestamp) AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', month::timestamp) + interval '1 month') AT TIME ZONE 'UTC';
  part text;
  fallback text;
  strays boolean := false;
BEGIN
  SELECT c.relname INTO base FROM pg_class c
  WHERE c.oid = parent AND c.relkind = 'p' AND c.relnamespace = 'public'::regnamespace;
  IF base IS NULL THEN
    RAISE EXCEPTION '% is not a partitioned table of the public schema', parent USING ERRCODE = '42809';
  END IF;
  part := format('%s_%s', base, to_char(month, 'YYYY_MM'));
  fallback := base || '_default';
  -- Two callers at once (two instances' jobs, a person) make a month once: the second waits, then finds it.
  PERFORM pg_advisory_xact_lock(hashtext('month_partition_create:' || base));
  IF to_regclass(format('public.%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF to_regclass(format('public.%I', fallback)) IS NOT NULL THEN
    -- Writers of this month wait while its rows (if any) leave the default partition.
    EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', fallback);
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE created_at >= $1 AND created_at < $2)', fallback)
      INTO strays USING lo, hi;
  END IF;
  IF strays THEN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, base);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE created_at >= $1 AND created_at < $2', part, fallback)
      USING lo, hi;
    EXECUTE format('ALTER TABLE %I DISABLE TRIGGER USER', fallback);
    EXECUTE format('DELETE FROM %I WHERE created_at >= $1 AND created_at < $2', fallback) USING lo, hi;
    EXECUTE format('ALTER TABLE %I ENABLE TRIGGER USER', fallback);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', base, part, lo, hi);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, base, lo, hi);
  END IF;
  PERFORM month_partition_guard(parent, format('public.%I', part)::regclass);
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE format('REVOKE ALL ON %I FROM sgx_app', part);
  END IF;
  RETURN true;
END $function$;
REVOKE ALL ON FUNCTION public.month_partition_create(regclass, date) FROM PUBLIC;
