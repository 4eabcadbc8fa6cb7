-- Staff roles (decision 0042). The spec's `admin` is the owner: every existing admin becomes one.
-- A staff account (role 'admin') holds one or more of owner, finance, support, content, compliance; a member
-- holds none. What each role may do is in @sgx/contracts (staff.ts); the route table names each admin
-- route's area and the request hook checks it.
ALTER TABLE users ADD COLUMN staff_roles text[] NOT NULL DEFAULT '{}';
UPDATE users SET staff_roles = '{owner}' WHERE role = 'admin';

-- users_staff_roles_follow_role: now in functions/users_staff_roles_follow_role.sql (decision 0057).

-- users.users_staff_roles_on_insert: now in triggers/users.users_staff_roles_on_insert.sql (decision 0057).
-- users.users_staff_roles_on_update: now in triggers/users.users_staff_roles_on_update.sql (decision 0057).

ALTER TABLE users
  ADD CONSTRAINT users_staff_roles_known CHECK (
    staff_roles <@ ARRAY['owner', 'finance', 'support', 'content', 'compliance']::text[]
  ),
  ADD CONSTRAINT users_staff_roles_only_staff CHECK (
    (role = 'admin' AND cardinality(staff_roles) >= 1) OR (role <> 'admin' AND cardinality(staff_roles) = 0)
  );
