-- Two-factor sign-in (decision 0023): time-based one-time passwords (RFC 6238) with recovery codes.
-- One second factor per user: pending (confirmed_at NULL) from enrolment until the first code from it is
-- confirmed, then in force. last_step is the last 30-second step whose code was accepted: a code is accepted
-- only for a later step, in one conditional UPDATE, so each code works once even under concurrent requests.
CREATE TABLE two_factors (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  -- Base32 (RFC 4648): the server must compute codes from it, so it cannot be hashed (decision 0023).
  secret text NOT NULL CHECK (secret ~ '^[A-Z2-7]{16,128}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_step bigint CHECK (last_step >= 0)
);

-- Recovery codes: ten per user, argon2id hashes only, each used once, replaced as a set.
CREATE TABLE two_factor_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id) WHERE used_at IS NULL;

-- What a session still has to do: 'ok' nothing, 'code' enter a code (two-factor on), 'enrol' set up two-factor
-- (an admin without it). Admin sessions open before this migration must enrol first.
ALTER TABLE sessions ADD COLUMN second_factor text NOT NULL DEFAULT 'ok'
  CHECK (second_factor IN ('ok', 'code', 'enrol'));
UPDATE sessions SET second_factor = 'enrol' WHERE role = 'admin' AND revoked_at IS NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON two_factors TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON two_factor_recovery_codes TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE two_factor_recovery_codes_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
