-- audit_archived_months_append_only on audit_archived_months: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0095: the record of an audit month moved to the archive is never changed.
DROP TRIGGER IF EXISTS audit_archived_months_append_only ON public.audit_archived_months;
CREATE TRIGGER audit_archived_months_append_only BEFORE DELETE OR UPDATE ON public.audit_archived_months FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
