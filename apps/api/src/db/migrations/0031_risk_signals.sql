-- Risk signals on withdrawal review (decision 0026): the IPs members sign in and register from,
-- kept only as keyed hashes, and withdrawal_risk(), the short sentences an admin reads before paying out.

-- A secret made here and read only by the functions below, which run as the tables' owner: the app role
-- cannot read it, and it never leaves the database (a dump holds it, as it holds the hashes).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL CHECK (octet_length(secret) >= 32)
);
-- 32 bytes from two version-4 UUIDs (122 random bits each, from the server's strong random source).
INSERT INTO app_secrets (name, secret)
VALUES ('ip_pepper', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- access_ip_hash: now in functions/access_ip_hash.sql (decision 0057).
-- REVOKE ALL ON FUNCTION access_ip_hash(text) FROM PUBLIC: now in functions/access_ip_hash.sql (decision 0057).

-- One row per member, hashed IP, kind and UTC day (the first time of that day), so a member signing in
-- all day from one address adds one row a day. 'registration' is the session opened by /auth/register.
CREATE TABLE access_ips (
  user_id bigint NOT NULL REFERENCES users (id),
  ip_hash bytea NOT NULL CHECK (octet_length(ip_hash) = 32),
  kind text NOT NULL CHECK (kind IN ('registration', 'sign_in')),
  seen_at timestamptz NOT NULL DEFAULT now(),
  day date GENERATED ALWAYS AS ((seen_at AT TIME ZONE 'UTC')::date) STORED,
  PRIMARY KEY (user_id, kind, day, ip_hash)
);
-- Other members with the same IP (ip_shared).
CREATE INDEX access_ips_hash_idx ON access_ips (ip_hash, user_id);
-- Registrations from one IP on one day (same_ip_registrations).
CREATE INDEX access_ips_registration_idx ON access_ips (ip_hash, day, user_id) WHERE kind = 'registration';

-- access_ips_record: now in functions/access_ips_record.sql (decision 0057).
-- REVOKE ALL ON FUNCTION access_ips_record() FROM PUBLIC: now in functions/access_ips_record.sql (decision 0057).
-- sessions.sessions_access_ip: now in triggers/sessions.sessions_access_ip.sql (decision 0057).

-- The sessions kept so far, the same way.
INSERT INTO access_ips (user_id, ip_hash, kind, seen_at)
-- (access_ip_hash(s.ip) as it was then, written out: decision 0057.)
SELECT s.user_id,
       sha256((SELECT p.secret FROM app_secrets p WHERE p.name = 'ip_pepper')
              || convert_to(regexp_replace(lower(btrim(s.ip)), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), 'UTF8')),
       CASE WHEN u.created_at = s.created_at THEN 'registration' ELSE 'sign_in' END, min(s.created_at)
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.ip IS NOT NULL AND btrim(s.ip) <> ''
GROUP BY 1, 2, 3, (s.created_at AT TIME ZONE 'UTC')::date
ON CONFLICT DO NOTHING;

-- Payout addresses shared between members (users may have a million rows: never a scan). Migration 0030
-- makes the same two for its own check; said again here so that this one stands alone.
CREATE INDEX IF NOT EXISTS users_bep20_lower_idx ON users (lower(bep20)) WHERE bep20 IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_trc20_lower_idx ON users (lower(trc20)) WHERE trc20 IS NOT NULL;

-- risk_usd: now in functions/risk_usd.sql (decision 0057).
-- risk_count: now in functions/risk_count.sql (decision 0057).
-- risk_span: now in functions/risk_span.sql (decision 0057).

-- withdrawal_risk: now in functions/withdrawal_risk.sql (decision 0057).

-- The app reads the hashes (the risk signals) but writes them only through the trigger, and never reads
-- the pepper. Skipped where the role could not be created.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'REVOKE ALL ON app_secrets FROM sgx_app';
    EXECUTE 'GRANT SELECT ON access_ips TO sgx_app';
    EXECUTE 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON access_ips FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
