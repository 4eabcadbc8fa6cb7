-- users_staff_roles_on_update on users: its live definition (decision 0057: edit this file; no migration needed).
DROP TRIGGER IF EXISTS users_staff_roles_on_update ON public.users;
CREATE TRIGGER users_staff_roles_on_update BEFORE UPDATE OF role, staff_roles ON public.users FOR EACH ROW EXECUTE FUNCTION users_staff_roles_follow_role();
