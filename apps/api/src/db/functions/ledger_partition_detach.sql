-- ledger_partition_detach: its live definition (decision 0079; decision 0057: edit this file; no migration needed).
-- Detaches the month of ledger_entries that holds `month` (any day of it) for archive, if the margin allows it
-- (month_partition_detachable: in November, August and older). Before it leaves, its sums per account, source,
-- income and side go to ledger_archived_sums and the month to ledger_archived_months: reconciliation, the platform
-- accounts' balances and the income totals add them, so the books stay explained without the month's rows. The
-- detached table keeps its rows, keys and guards, read only (PostgreSQL drops the row trigger it had from the parent
-- on DETACH: it is made again, refusing INSERT too), under its name, for an operator to dump and drop
-- (docs/operations.md, "Partitions and archive"). `actor`: the person who asked, audited; null for a job.
CREATE OR REPLACE FUNCTION public.ledger_partition_detach(month date, actor bigint DEFAULT NULL)
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
  -- Refused inside the margin; no entry of the month may be written while its sums are taken (a SHARE lock).
  part := month_partition_detachable('public.ledger_entries'::regclass, month);
  EXECUTE format('SELECT count(*) FROM %I', part) INTO n;
  INSERT INTO ledger_archived_months (month, table_name, entries) VALUES (start::date, part, n);
  EXECUTE format(
    'INSERT INTO ledger_archived_sums (month, account_id, source, income, credit, entries, amount)
     SELECT $1, e.account_id, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL, e.amount > 0,
            count(*), sum(e.amount)
     FROM %I e JOIN ledger_transactions t ON t.id = e.transaction_id
     GROUP BY 2, 3, 4, 5', part) USING start::date;
  EXECUTE format('ALTER TABLE ledger_entries DETACH PARTITION %I', part);
  -- An archive is read only: no entry is added to it either (its statement check would count it in the live figures).
  EXECUTE format('DROP TRIGGER ledger_entries_checked ON %I', part);
  EXECUTE format('CREATE TRIGGER ledger_entries_append_only BEFORE INSERT OR DELETE OR UPDATE ON %I'
                 ' FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()', part);
  EXECUTE format('COMMENT ON TABLE %I IS %L', part,
                 format('Ledger entries of %s, detached for archive on %s (decision 0079).',
                        to_char(start, 'YYYY-MM'), to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')));
  IF actor IS NOT NULL THEN
    INSERT INTO audit_log (actor_id, action, entity, entity_id, after)
    VALUES (actor, 'ledger.month_detached', 'ledger_partition', part,
            jsonb_build_object('month', to_char(start, 'YYYY-MM'), 'entries', n));
  END IF;
  RETURN part;
END $function$;
REVOKE ALL ON FUNCTION public.ledger_partition_detach(date, bigint) FROM PUBLIC;
