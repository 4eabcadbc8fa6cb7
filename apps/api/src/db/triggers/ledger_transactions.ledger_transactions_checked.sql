-- ledger_transactions_checked on ledger_transactions: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_transactions_checked ON public.ledger_transactions;
CREATE TRIGGER ledger_transactions_checked AFTER INSERT ON public.ledger_transactions REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_transactions_statement();
