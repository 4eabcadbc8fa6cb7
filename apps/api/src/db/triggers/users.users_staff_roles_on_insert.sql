-- users_staff_roles_on_insert on users: its live definition (decision 0057: edit this file; no migration needed).
-- Members are inserted by the million (bench:scale): the trigger runs only where there is something to do.
DROP TRIGGER IF EXISTS users_staff_roles_on_insert ON public.users;
CREATE TRIGGER users_staff_roles_on_insert BEFORE INSERT ON public.users FOR EACH ROW WHEN (((new.role = 'admin'::text) OR (cardinality(new.staff_roles) > 0))) EXECUTE FUNCTION users_staff_roles_follow_role();
