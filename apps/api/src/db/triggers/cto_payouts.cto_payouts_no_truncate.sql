-- cto_payouts_no_truncate on cto_payouts: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS cto_payouts_no_truncate ON public.cto_payouts;
CREATE TRIGGER cto_payouts_no_truncate BEFORE TRUNCATE ON public.cto_payouts FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete();
