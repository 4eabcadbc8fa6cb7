-- Members' data rights (decision 0077): a member's copy of their data, prepared as a zip and kept for a
-- day so the download can be fetched again (instances are stateless: the file lives in PostgreSQL, like uploads).
-- A member has at most one export at a time: a new one replaces the old. Erasure deletes the member's exports.
CREATE TABLE privacy_exports (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('preparing', 'ready', 'failed')),
  file bytea,
  bytes integer,
  files text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz NOT NULL,
  CHECK ((status = 'ready') = (file IS NOT NULL))
);
CREATE UNIQUE INDEX privacy_exports_user_idx ON privacy_exports (user_id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON privacy_exports TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON privacy_exports FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE privacy_exports_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
