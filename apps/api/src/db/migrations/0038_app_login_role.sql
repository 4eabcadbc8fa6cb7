-- The app signs in as sgx_app itself (decision 0031): a LOGIN role without superuser, role creation,
-- database creation, replication or row-security bypass, and a member of no other role, so neither
-- RESET ROLE nor SET ROLE can take it to the owner. Its password is set where it is known: by the
-- embedded database at each start, or by the operator for an external one (DATABASE_APP_URL).
-- It may not create objects in the schema either (PostgreSQL 15 and later refuse that to PUBLIC
-- already; said again for older servers). Temporary tables stay allowed (the set-based jobs use them).
-- Skipped where the migrating user may not alter roles, like the other grants to sgx_app.
DO $$
DECLARE
  r record;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'ALTER ROLE sgx_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    FOR r IN
      SELECT b.rolname FROM pg_auth_members m
        JOIN pg_roles a ON a.oid = m.member JOIN pg_roles b ON b.oid = m.roleid
       WHERE a.rolname = 'sgx_app'
    LOOP
      EXECUTE format('REVOKE %I FROM sgx_app', r.rolname);
    END LOOP;
    EXECUTE 'REVOKE CREATE ON SCHEMA public FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'sgx_app not made a login role: %', SQLERRM;
END $$;

DO $$
BEGIN
  EXECUTE 'REVOKE CREATE ON SCHEMA public FROM PUBLIC';
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'CREATE on schema public not revoked from PUBLIC: %', SQLERRM;
END $$;
