-- ledger_partition_detach: its live definition (decision 0079; decision 0057: edit this file; no migration needed).
-- Detaches the month of the ledger that holds `month` (any day of it) for archive, if the margin allows it
-- (month_partition_detachable: in November, August and older): its entries' partition and, since decision 0097,
-- its transactions' (a month holds whole transactions with their entries; their keys stay in
-- ledger_transaction_keys, so a key is never posted twice and the records naming them stay valid). Before it
-- leaves, its sums per account, source, income and side go to ledger_archived_sums and the month to
-- ledger_archived_months: reconciliation, the platform accounts' balances and the income totals add them, so the
-- books stay explained without the month's rows. Each detached table keeps its rows, keys and guards, read only
-- (PostgreSQL drops the row trigger it had from the parent on DETACH: it is made again, refusing INSERT too),
-- under its name, for an operator to dump and drop (docs/operations.md, "Partitions and archive"). `actor`: the
-- person who asked, audited; null for a job.
CREATE OR REPLACE FUNCTION public.ledger_partition_detach(month date, actor bigint DEFAULT NULL)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO public, pg_temp
AS $function$
DECLARE
  start timestamp := date_trunc('month', month::timestamp);
  part text;
  tpart text;
  n bigint;
  nt bigint;
BEGIN
  -- Refused inside the margin; no entry of the month may be written while its sums are taken (a SHARE lock).
  part := month_partition_detachable('public.ledger_entries'::regclass, month);
  tpart := month_partition_detachable('public.ledger_transactions'::regclass, month);
  EXECUTE format('SELECT count(*) FROM %I', part) INTO n;
  EXECUTE format('SELECT count(*) FROM %I', tpart) INTO nt;
  INSERT INTO ledger_archived_months (month, table_name, entries, transactions_table, transactions)
  VALUES (start::date, part, n, tpart, nt);
  EXECUTE format(
    'INSERT INTO ledger_archived_sums (month, account_id, source, income, credit, entries, amount)
     SELECT $1, e.account_id, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL, e.amount > 0,
            count(*), sum(e.amount)
     FROM %I e JOIN %I t ON t.id = e.transaction_id
     GROUP BY 2, 3, 4, 5', part, tpart) USING start::date;
  EXECUTE format('ALTER TABLE ledger_entries DETACH PARTITION %I', part);
  EXECUTE format('ALTER TABLE ledger_transactions DETACH PARTITION %I', tpart);
  -- An archive is read only: no row is added to it either (its statement check would count it in the live figures).
  EXECUTE format('DROP TRIGGER ledger_entries_checked ON %I', part);
  EXECUTE format('CREATE TRIGGER ledger_entries_append_only BEFORE INSERT OR DELETE OR UPDATE ON %I'
                 ' FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()', part);
  EXECUTE format('DROP TRIGGER ledger_transactions_checked ON %I', tpart);
  EXECUTE format('CREATE TRIGGER ledger_transactions_append_only BEFORE INSERT OR DELETE OR UPDATE ON %I'
                 ' FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()', tpart);
  EXECUTE format('COMMENT ON TABLE %I IS %L', part,
                 format('Ledger entries of %s, detached for archive on %s (decision 0079).',
                        to_char(start, 'YYYY-MM'), to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')));
  EXECUTE format('COMMENT ON TABLE %I IS %L', tpart,
                 format('Ledger transactions of %s, detached for archive on %s (decision 0097).',
                        to_char(start, 'YYYY-MM'), to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')));
  IF actor IS NOT NULL THEN
    INSERT INTO audit_log (actor_id, action, entity, entity_id, after)
    VALUES (actor, 'ledger.month_detached', 'ledger_partition', part,
            jsonb_build_object('month', to_char(start, 'YYYY-MM'), 'entries', n, 'transactions_table', tpart,
                               'transactions', nt));
  END IF;
  RETURN part;
END $function$;
REVOKE ALL ON FUNCTION public.ledger_partition_detach(date, bigint) FROM PUBLIC;
