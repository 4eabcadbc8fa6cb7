-- requires: functions/month_partition_create.sql
-- ledger_partition_create: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0079: ledger_entries is partitioned by month of created_at. This makes the partition of the month
-- that holds `month` (any day of it), named ledger_entries_YYYY_MM, once, as month_partition_create makes a
-- month of any table partitioned so: rows of the month held by the DEFAULT partition move into it, and it gets
-- the parent's statement-level check (zero sum, accounts and transactions named, live figures) for an INSERT
-- naming the partition itself and the TRUNCATE guard; the row-level append-only guard, the keys and the indexes
-- come from the parent. Returns true when it made the partition.
CREATE OR REPLACE FUNCTION public.ledger_partition_create(month date)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
BEGIN
  RETURN month_partition_create('public.ledger_entries'::regclass, month);
END $function$;
REVOKE ALL ON FUNCTION public.ledger_partition_create(date) FROM PUBLIC;
