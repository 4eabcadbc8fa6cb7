-- cto_payouts_kept on cto_payouts: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS cto_payouts_kept ON public.cto_payouts;
CREATE TRIGGER cto_payouts_kept BEFORE DELETE ON public.cto_payouts FOR EACH ROW EXECUTE FUNCTION refuse_delete();
