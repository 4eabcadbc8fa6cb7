-- What one API instance knew alone now lives in PostgreSQL, so any number of instances can run
-- behind a load balancer on one database (decision 0015).

-- Rate-limit counters: one fixed window per key (e.g. 'signin:acct:<email>'), counted by one
-- INSERT ... ON CONFLICT DO UPDATE per hit that also starts a new window when the old one has ended.
-- Expired rows are deleted now and then by the API (through the index on window_end); a row left over
-- counts for nothing, since its window has ended.
CREATE TABLE rate_limits (
  key text PRIMARY KEY CHECK (length(key) <= 512),
  hits integer NOT NULL CHECK (hits > 0),
  window_end timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_end_idx ON rate_limits (window_end);

-- Uploaded images (banners, achievers): at most 2 MB each, named by a random UUID and never changed, so
-- they are served with an immutable cache and their SHA-256 as ETag. Images are compressed already:
-- stored out of line without a second compression attempt.
CREATE TABLE uploads (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f-]{36}\.(png|jpg|gif|webp)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  sha256 bytea NOT NULL CHECK (octet_length(sha256) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE uploads ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- The default privileges of migration 0004 cover tables made by the user who ran it; said again here
-- for a database migrated by another user. An upload is never changed (its URL is cached for a year):
-- the app may add and read one, not rewrite or remove it. Skipped where the role could not be created.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limits TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT ON uploads TO sgx_app';
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON uploads FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
