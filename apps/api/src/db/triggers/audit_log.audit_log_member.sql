-- audit_log_member on audit_log: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS audit_log_member ON public.audit_log;
CREATE TRIGGER audit_log_member BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_fill_member();
