-- ledger_transaction_keys_no_truncate on ledger_transaction_keys: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_transaction_keys_no_truncate ON public.ledger_transaction_keys;
CREATE TRIGGER ledger_transaction_keys_no_truncate BEFORE TRUNCATE ON public.ledger_transaction_keys FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
