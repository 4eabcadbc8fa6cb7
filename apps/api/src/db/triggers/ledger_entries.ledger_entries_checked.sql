-- ledger_entries_checked on ledger_entries: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_entries_checked ON public.ledger_entries;
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_statement();
