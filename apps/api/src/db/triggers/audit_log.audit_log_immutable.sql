-- audit_log_immutable on audit_log: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS audit_log_immutable ON public.audit_log;
CREATE TRIGGER audit_log_immutable BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
