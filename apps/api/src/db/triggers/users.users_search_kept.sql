-- users_search_kept on users: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS users_search_kept ON public.users;
CREATE TRIGGER users_search_kept AFTER INSERT OR UPDATE OF username, email, fullname, refferal_code, phone ON public.users FOR EACH ROW EXECUTE FUNCTION member_search_keep();
