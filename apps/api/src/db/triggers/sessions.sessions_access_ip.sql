-- sessions_access_ip on sessions: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS sessions_access_ip ON public.sessions;
CREATE TRIGGER sessions_access_ip AFTER INSERT ON public.sessions FOR EACH ROW EXECUTE FUNCTION access_ips_record();
