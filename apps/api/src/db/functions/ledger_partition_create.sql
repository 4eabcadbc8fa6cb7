-- ledger_partition_create: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0079: ledger_entries is partitioned by month of created_at. This makes the partition of the month
-- that holds `month` (any day of it), named ledger_entries_YYYY_MM, once: a month that has one is left as it is
-- (idempotent). Each partition gets what PostgreSQL does not clone from the parent: the statement-level
-- check (zero sum, accounts and transactions named, live figures) for an INSERT naming the partition itself,
-- and the TRUNCATE guard; the row-level append-only guard, the keys and the indexes come from the parent.
-- The app role reaches the rows through the parent only (no right on a partition of its own).
-- Rows of the month held by the DEFAULT partition (a backdated or far-future entry written before its month
-- existed) are moved into the new partition: the same rows, ids and times, not a change of the books.
-- Returns true when it made the partition.
CREATE OR REPLACE FUNCTION public.ledger_partition_create(month date)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  lo timestamptz := date_trunc('month', month::timestamp) AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', month::timestamp) + interval '1 month') AT TIME ZONE 'UTC';
  part text := format('ledger_entries_%s', to_char(month, 'YYYY_MM'));
  strays boolean := false;
BEGIN
  -- Two callers at once (two instances' jobs, a person) make a month once: the second waits, then finds it.
  PERFORM pg_advisory_xact_lock(hashtext('ledger_partition_create'));
  IF to_regclass(format('public.%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF to_regclass('public.ledger_entries_default') IS NOT NULL THEN
    -- Writers of this month wait while its rows (if any) leave the default partition.
    LOCK TABLE ledger_entries_default IN SHARE ROW EXCLUSIVE MODE;
    strays := EXISTS (SELECT 1 FROM ledger_entries_default WHERE created_at >= lo AND created_at < hi);
  END IF;
  IF strays THEN
    EXECUTE format('CREATE TABLE %I (LIKE ledger_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
    EXECUTE format('INSERT INTO %I SELECT * FROM ledger_entries_default WHERE created_at >= $1 AND created_at < $2', part)
      USING lo, hi;
    ALTER TABLE ledger_entries_default DISABLE TRIGGER ledger_entries_append_only;
    DELETE FROM ledger_entries_default WHERE created_at >= lo AND created_at < hi;
    ALTER TABLE ledger_entries_default ENABLE TRIGGER ledger_entries_append_only;
    EXECUTE format('ALTER TABLE ledger_entries ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF ledger_entries FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  END IF;
  EXECUTE format('CREATE TRIGGER ledger_entries_checked AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_statement()', part);
  EXECUTE format('CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON %I'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()', part);
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE format('REVOKE ALL ON %I FROM sgx_app', part);
  END IF;
  RETURN true;
END $function$;
REVOKE ALL ON FUNCTION public.ledger_partition_create(date) FROM PUBLIC;
