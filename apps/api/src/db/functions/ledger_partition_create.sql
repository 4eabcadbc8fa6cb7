-- requires: functions/month_partition_create.sql
-- ledger_partition_create: its live definition (decision 0057: edit this file; no migration needed).
-- Decisions 0079 and 0097: ledger_entries and ledger_transactions are partitioned by month of created_at, and a
-- month of the ledger is the month of both (a month holds whole transactions with their entries). This makes the
-- partitions of the month that holds `month` (any day of it), ledger_entries_YYYY_MM and
-- ledger_transactions_YYYY_MM, each once, as month_partition_create makes a month of any table partitioned so:
-- rows of the month held by the DEFAULT partition move into it, and it gets the parent's statement-level check
-- (for the entries: zero sum, accounts and transactions named, live figures; for the transactions: keys, member
-- and author) for an INSERT naming the partition itself and the TRUNCATE guard; the row-level append-only guard,
-- the keys and the indexes come from the parent. Returns true when it made either.
CREATE OR REPLACE FUNCTION public.ledger_partition_create(month date)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
BEGIN
  -- Both, whatever the first answers (a month may exist for one table only). The transactions only once they are
  -- partitioned: migration 0089 makes the entries' months before 0103 partitions the transactions.
  RETURN (CASE WHEN (SELECT c.relkind FROM pg_class c WHERE c.oid = 'public.ledger_transactions'::regclass) = 'p'
               THEN month_partition_create('public.ledger_transactions'::regclass, month)::int ELSE 0 END
          + month_partition_create('public.ledger_entries'::regclass, month)::int) > 0;
END $function$;
REVOKE ALL ON FUNCTION public.ledger_partition_create(date) FROM PUBLIC;
