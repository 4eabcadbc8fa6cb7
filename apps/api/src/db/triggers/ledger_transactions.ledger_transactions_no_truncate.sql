-- ledger_transactions_no_truncate on ledger_transactions: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_transactions_no_truncate ON public.ledger_transactions;
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON public.ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
