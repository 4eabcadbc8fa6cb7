-- ledger_partitions_ahead: its live definition (decision 0057: edit this file; no migration needed).
-- Decisions 0079 and 0097: the months of ledger_transactions and ledger_entries from the current one (UTC) to
-- `months` ahead, each made once (month_partitions_ahead); run daily by the job ledger-partitions-daily as the app
-- role. Returns the partitions it made.
CREATE OR REPLACE FUNCTION public.ledger_partitions_ahead(months integer DEFAULT 3)
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
BEGIN
  RETURN month_partitions_ahead('public.ledger_transactions'::regclass, months)
         || month_partitions_ahead('public.ledger_entries'::regclass, months);
END $function$;
