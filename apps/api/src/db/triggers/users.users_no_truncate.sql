-- users_no_truncate on users: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS users_no_truncate ON public.users;
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete();
