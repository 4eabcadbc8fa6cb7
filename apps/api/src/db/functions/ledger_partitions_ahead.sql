-- ledger_partitions_ahead: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0079: the months of ledger_entries from the current one (UTC) to `months` ahead, each made once
-- (ledger_partition_create); run daily by the job ledger-partitions-daily. Returns the partitions it made.
CREATE OR REPLACE FUNCTION public.ledger_partitions_ahead(months integer DEFAULT 3)
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
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
    IF ledger_partition_create(m) THEN
      made := made || format('ledger_entries_%s', to_char(m, 'YYYY_MM'));
    END IF;
  END LOOP;
  RETURN made;
END $function$;
