-- ledger_transactions_append_only on ledger_transactions: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_transactions_append_only ON public.ledger_transactions;
CREATE TRIGGER ledger_transactions_append_only BEFORE DELETE OR UPDATE ON public.ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
