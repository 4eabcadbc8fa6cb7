-- audit_partition_detach: its live definition (decision 0095; decision 0057: edit this file; no migration needed).
-- Detaches the month of audit_log that holds `month` (any day of it) for archive, if the margin allows it
-- (month_partition_detachable, as for the ledger: in November, August and older). It is recorded in
-- audit_archived_months (the audit search refuses a period that reaches into it, and says so). The detached table
-- keeps its rows, keys and guards, read only (PostgreSQL drops the row triggers it had from the parent on DETACH:
-- the guard is made again, refusing INSERT too), under its name, for an operator to dump and drop
-- (docs/operations.md, "Partitions and archive"). `actor`: the person who asked, audited (audit.month_detached);
-- null for a job.
CREATE OR REPLACE FUNCTION public.audit_partition_detach(month date, actor bigint DEFAULT NULL)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  start timestamp := date_trunc('month', month::timestamp);
  part text;
  n bigint;
BEGIN
  -- Refused inside the margin; no entry of the month is written while it is counted and leaves (a SHARE lock).
  part := month_partition_detachable('public.audit_log'::regclass, month);
  EXECUTE format('SELECT count(*) FROM %I', part) INTO n;
  INSERT INTO audit_archived_months (month, table_name, entries) VALUES (start::date, part, n);
  EXECUTE format('ALTER TABLE audit_log DETACH PARTITION %I', part);
  EXECUTE format('CREATE TRIGGER audit_log_immutable BEFORE INSERT OR DELETE OR UPDATE ON %I'
                 ' FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()', part);
  EXECUTE format('COMMENT ON TABLE %I IS %L', part,
                 format('Audit entries of %s, detached for archive on %s (decision 0095).',
                        to_char(start, 'YYYY-MM'), to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')));
  IF actor IS NOT NULL THEN
    INSERT INTO audit_log (actor_id, action, entity, entity_id, after)
    VALUES (actor, 'audit.month_detached', 'audit_partition', part,
            jsonb_build_object('month', to_char(start, 'YYYY-MM'), 'entries', n));
  END IF;
  RETURN part;
END $function$;
REVOKE ALL ON FUNCTION public.audit_partition_detach(date, bigint) FROM PUBLIC;
