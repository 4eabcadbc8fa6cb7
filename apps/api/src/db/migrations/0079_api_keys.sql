-- API keys (decision 0071): a staff member's or a member's key for the operator's other systems. Only the SHA-256 of
-- the secret is kept; `prefix` is its visible start (`sgx_` and eight characters) for the listings. A key acts as its
-- creator: its scopes are checked against the creator's current staff grants on every call (never cached), so a
-- revocation, a suspension or a lost role counts at once on every instance.
CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('staff', 'member')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL,
  secret_hash bytea NOT NULL UNIQUE,
  -- `<area>:read|write` (staff: the areas of staff-grants.ts; member: `account:read`).
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  -- Allowed source networks; empty: any.
  networks inet[] NOT NULL DEFAULT '{}',
  -- Calls per minute.
  rate_limit integer NOT NULL DEFAULT 120 CHECK (rate_limit BETWEEN 1 AND 6000),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute per key (the lookup's statement).
  last_used_at timestamptz,
  last_used_ip inet,
  revoked_at timestamptz,
  revoked_by bigint REFERENCES users (id)
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON api_keys TO sgx_app';
    EXECUTE 'REVOKE DELETE, TRUNCATE ON api_keys FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE api_keys_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
