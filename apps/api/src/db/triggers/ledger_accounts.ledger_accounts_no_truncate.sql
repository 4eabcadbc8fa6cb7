-- ledger_accounts_no_truncate on ledger_accounts: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_accounts_no_truncate ON public.ledger_accounts;
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON public.ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
