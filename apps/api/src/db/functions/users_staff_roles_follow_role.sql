-- users_staff_roles_follow_role: its live definition (decision 0057: edit this file; no migration needed).
-- An account made an admin without roles (the demo seed, `role = 'admin'` written by hand) is an owner, as the
-- spec's admin is; an account that stops being staff holds no role. Staff invitations name their roles.
CREATE OR REPLACE FUNCTION public.users_staff_roles_follow_role()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.role = 'admin' AND cardinality(NEW.staff_roles) = 0 THEN
    NEW.staff_roles := '{owner}';
  ELSIF NEW.role <> 'admin' THEN
    NEW.staff_roles := '{}';
  END IF;
  RETURN NEW;
END $function$;
