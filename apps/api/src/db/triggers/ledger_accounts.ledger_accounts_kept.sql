-- ledger_accounts_kept on ledger_accounts: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS ledger_accounts_kept ON public.ledger_accounts;
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON public.ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
