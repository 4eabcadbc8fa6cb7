-- ledger_archived_sums_append_only on ledger_archived_sums: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0079: what a detached month leaves behind is never changed.
DROP TRIGGER IF EXISTS ledger_archived_sums_append_only ON public.ledger_archived_sums;
CREATE TRIGGER ledger_archived_sums_append_only BEFORE DELETE OR UPDATE ON public.ledger_archived_sums FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
