-- Staff management (decision 0042): invitations by e-mail with roles, suspension.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_suspended_only_staff CHECK (suspended_at IS NULL OR role = 'admin');

-- An invitation: the link's token is kept only as its SHA-256; single use (used_at), expiring, and replaced
-- (revoked_at) when the same address is invited again.
CREATE TABLE staff_invitations (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  fullname text NOT NULL,
  roles text[] NOT NULL CHECK (
    cardinality(roles) >= 1 AND roles <@ ARRAY['owner', 'finance', 'support', 'content', 'compliance']::text[]
  ),
  token_hash bytea NOT NULL UNIQUE,
  invited_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  user_id bigint REFERENCES users (id),
  CHECK ((used_at IS NULL) = (user_id IS NULL))
);
CREATE UNIQUE INDEX staff_invitations_open_email_key ON staff_invitations (lower(email))
  WHERE used_at IS NULL AND revoked_at IS NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON staff_invitations TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE staff_invitations_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
