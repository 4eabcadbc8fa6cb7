-- Staff roles (issue 23, decision 0042). The spec's `admin` is the owner: every existing admin becomes one.
-- A staff account (role 'admin') holds one or more of owner, finance, support, content, compliance; a member
-- holds none. What each role may do is in @sgx/contracts (staff.ts); the route table names each admin
-- route's area and the request hook checks it.
ALTER TABLE users ADD COLUMN staff_roles text[] NOT NULL DEFAULT '{}';
UPDATE users SET staff_roles = '{owner}' WHERE role = 'admin';

-- An account made an admin without roles (the demo seed, `role = 'admin'` written by hand) is an owner, as the
-- spec's admin is; an account that stops being staff holds no role. Staff invitations name their roles.
CREATE FUNCTION users_staff_roles_follow_role() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'admin' AND cardinality(NEW.staff_roles) = 0 THEN
    NEW.staff_roles := '{owner}';
  ELSIF NEW.role <> 'admin' THEN
    NEW.staff_roles := '{}';
  END IF;
  RETURN NEW;
END $$;

-- Members are inserted by the million (bench:scale): the trigger runs only where there is something to do.
CREATE TRIGGER users_staff_roles_on_insert BEFORE INSERT ON users
  FOR EACH ROW WHEN (NEW.role = 'admin' OR cardinality(NEW.staff_roles) > 0)
  EXECUTE FUNCTION users_staff_roles_follow_role();
CREATE TRIGGER users_staff_roles_on_update BEFORE UPDATE OF role, staff_roles ON users
  FOR EACH ROW EXECUTE FUNCTION users_staff_roles_follow_role();

ALTER TABLE users
  ADD CONSTRAINT users_staff_roles_known CHECK (
    staff_roles <@ ARRAY['owner', 'finance', 'support', 'content', 'compliance']::text[]
  ),
  ADD CONSTRAINT users_staff_roles_only_staff CHECK (
    (role = 'admin' AND cardinality(staff_roles) >= 1) OR (role <> 'admin' AND cardinality(staff_roles) = 0)
  );
