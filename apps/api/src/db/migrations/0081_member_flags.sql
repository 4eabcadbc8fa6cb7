-- Compliance flags on members (decision 0076): a member under an open flag is one compliance must look at. A sanctions
-- hit raises one (source 'sanctions'), a compliance officer may raise one by hand ('compliance'), an identity
-- decision may ('identity'). While a member has an open flag, their income is held until compliance releases or
-- reverses it. A flag is closed (cleared_at) with a reason, never deleted.
CREATE TABLE member_flags (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('sanctions', 'compliance', 'identity')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  details jsonb NOT NULL DEFAULT '{}',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  cleared_at timestamptz,
  cleared_by bigint REFERENCES users (id),
  clear_reason text CHECK (clear_reason IS NULL OR length(clear_reason) BETWEEN 1 AND 1000),
  CHECK ((cleared_at IS NULL) = (clear_reason IS NULL))
);
CREATE INDEX member_flags_open_idx ON member_flags (member_id) WHERE cleared_at IS NULL;
CREATE INDEX member_flags_created_idx ON member_flags (created_at DESC, id DESC);

ALTER TABLE staff_alerts DROP CONSTRAINT staff_alerts_kind_check;
ALTER TABLE staff_alerts ADD CONSTRAINT staff_alerts_kind_check CHECK (kind IN ('solvency', 'webhook', 'compliance'));

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON member_flags TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON member_flags FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE member_flags_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
