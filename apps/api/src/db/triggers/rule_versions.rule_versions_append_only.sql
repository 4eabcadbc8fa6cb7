-- rule_versions_append_only on rule_versions: its live definition (decision 0057: edit this file; no migration needed).
-- A rule version is history (decision 0070): income credits name it, so it is never changed or removed.
DROP TRIGGER IF EXISTS rule_versions_append_only ON public.rule_versions;
CREATE TRIGGER rule_versions_append_only BEFORE DELETE OR UPDATE ON public.rule_versions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
