-- ledger_transaction_keys_append_only on ledger_transaction_keys: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0097: a transaction's key is kept for all time, as it was written.
DROP TRIGGER IF EXISTS ledger_transaction_keys_append_only ON public.ledger_transaction_keys;
CREATE TRIGGER ledger_transaction_keys_append_only BEFORE DELETE OR UPDATE ON public.ledger_transaction_keys FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
