-- ledger_entries_append_only on ledger_entries: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_entries_append_only ON public.ledger_entries;
CREATE TRIGGER ledger_entries_append_only BEFORE DELETE OR UPDATE ON public.ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
