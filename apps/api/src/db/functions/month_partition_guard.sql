-- month_partition_guard: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0095: PostgreSQL clones a partitioned table's row-level triggers onto its partitions, not its
-- statement-level ones, and fires only the statement triggers of the table a statement names. This makes on
-- `part` each statement-level trigger of `parent` (tgtype bit 0 clear) that `part` lacks, from the parent's own
-- definition (the definition's first " ON <table> " is the table it is on): a statement naming the partition meets
-- the same checks and guards (ledger_entries' zero-sum check, the TRUNCATE guards). Returns the triggers made.
-- Called by month_partition_create for each month it makes, and by migration 0102 for the months made before
-- (migration 0089 made the ledger's months before their parent had these triggers). The owner's only.
CREATE OR REPLACE FUNCTION public.month_partition_guard(parent regclass, part regclass)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  t record;
  made integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = parent AND i.inhrelid = part) THEN
    RAISE EXCEPTION '% is not a partition of %', part, parent USING ERRCODE = '42809';
  END IF;
  FOR t IN
    SELECT pg_get_triggerdef(g.oid) AS def FROM pg_trigger g
    WHERE g.tgrelid = parent AND NOT g.tgisinternal AND (g.tgtype & 1) = 0
      AND NOT EXISTS (SELECT 1 FROM pg_trigger h WHERE h.tgrelid = part AND h.tgname = g.tgname)
    ORDER BY g.tgname
  LOOP
    EXECUTE regexp_replace(t.def, ' ON \S+ ', format(' ON %s ', part));
    made := made + 1;
  END LOOP;
  RETURN made;
END $function$;
REVOKE ALL ON FUNCTION public.month_partition_guard(regclass, regclass) FROM PUBLIC;
