-- users_kept on users: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS users_kept ON public.users;
CREATE TRIGGER users_kept BEFORE DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION refuse_delete();
