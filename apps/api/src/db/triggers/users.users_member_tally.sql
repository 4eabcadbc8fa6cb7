-- users_member_tally on users: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS users_member_tally ON public.users;
CREATE TRIGGER users_member_tally AFTER INSERT OR DELETE OR UPDATE OF role, status, is_active, active_plan, deleted_at ON public.users FOR EACH ROW EXECUTE FUNCTION member_tally_change();
