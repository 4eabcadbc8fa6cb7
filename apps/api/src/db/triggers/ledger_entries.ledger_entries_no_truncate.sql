-- ledger_entries_no_truncate on ledger_entries: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_entries_no_truncate ON public.ledger_entries;
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON public.ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
