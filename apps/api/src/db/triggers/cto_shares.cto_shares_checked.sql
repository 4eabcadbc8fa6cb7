-- cto_shares_checked on cto_shares: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS cto_shares_checked ON public.cto_shares;
CREATE TRIGGER cto_shares_checked AFTER INSERT ON public.cto_shares REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION cto_shares_statement();
