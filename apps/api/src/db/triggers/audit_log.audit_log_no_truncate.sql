-- audit_log_no_truncate on audit_log: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS audit_log_no_truncate ON public.audit_log;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
