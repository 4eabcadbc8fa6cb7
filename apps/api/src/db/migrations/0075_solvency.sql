-- The daily solvency report (decision 0068): one row a day, computed after that day's proof of liabilities at the
-- proof's cut-off, replaced when an admin recomputes the day. The figures the history and alerts read are columns;
-- the projection, flows, health figures and cohorts are the report's own JSON (small: 3 x 365 points, a row a month).
CREATE TABLE solvency_reports (
  day date PRIMARY KEY,
  cutoff timestamptz NOT NULL,
  owed_now bigint NOT NULL CHECK (owed_now >= 0),
  proof_total bigint NOT NULL,
  principal bigint NOT NULL CHECK (principal >= 0),
  earnable_roi bigint NOT NULL CHECK (earnable_roi >= 0),
  earnable_referral bigint NOT NULL CHECK (earnable_referral >= 0),
  cto_bound bigint NOT NULL CHECK (cto_bound >= 0),
  reserves bigint NOT NULL CHECK (reserves >= 0),
  reserves_unavailable jsonb NOT NULL DEFAULT '[]',
  days_covered_stopped integer NOT NULL CHECK (days_covered_stopped >= 0),
  flows jsonb NOT NULL,
  runway jsonb NOT NULL,
  health jsonb NOT NULL,
  cohorts jsonb NOT NULL,
  threshold_days integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- What the staff must see until it recovers (decision 0068): one open alert per dedupe key, shown as a banner in the
-- back-office and mailed to owners when it opens; resolved_at set when the condition is gone.
CREATE TABLE staff_alerts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('solvency')),
  dedupe_key text NOT NULL,
  message text NOT NULL,
  link text,
  opened_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  mailed_at timestamptz
);
CREATE UNIQUE INDEX staff_alerts_open_key ON staff_alerts (dedupe_key) WHERE resolved_at IS NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON solvency_reports TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON staff_alerts TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON solvency_reports FROM sgx_app';
    EXECUTE 'REVOKE DELETE, TRUNCATE ON staff_alerts FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE staff_alerts_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
