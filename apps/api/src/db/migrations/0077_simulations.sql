-- Plan-change simulations (decision 0069): a proposed rule set replayed over the last days of real history and
-- projected over the runway, run in the background on the instance that was asked; the row says how far it got
-- and, when done, what it found. An approval of a rule change may name the simulation its approvers read.
CREATE TABLE simulations (
  id bigserial PRIMARY KEY,
  requested_by bigint REFERENCES users (id),
  proposal jsonb NOT NULL,
  rules jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  result jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  approval_id bigint REFERENCES approvals (id)
);
CREATE INDEX simulations_created_idx ON simulations (created_at DESC);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON simulations TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE simulations_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
