-- Two admins for large payouts (decision 0024). An admin action that needs a second admin is kept
-- here instead of being done: `payload` is what to run, `summary` and `changes` what the approver reads.
-- A different admin approves it (the action runs in the transaction that marks it approved) or any admin
-- rejects it (its requester: 'cancelled'). `request_key` is the first admin's scoped Idempotency-Key, so a
-- retried request finds the same approval.
CREATE TABLE approvals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL
    CHECK (kind IN ('withdrawal', 'debit', 'transaction', 'transaction_edit', 'balance_edit', 'settings')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  -- The withdrawal, ledger transaction or member the action is about (none for settings).
  subject_id bigint,
  member_id bigint REFERENCES users (id),
  amount bigint CHECK (amount IS NULL OR amount >= 0),
  summary text NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]',
  payload jsonb NOT NULL,
  reason text,
  request_key text NOT NULL UNIQUE,
  requested_by bigint NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  decision_reason text,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'approved' OR decided_by <> requested_by)
);
-- At most one pending approval per withdrawal (and per transaction to reverse).
CREATE UNIQUE INDEX approvals_one_pending_idx ON approvals (kind, subject_id)
  WHERE status = 'pending' AND kind IN ('withdrawal', 'transaction_edit');
-- The list: pending first, newest first; the admin queue count reads the pending rows alone.
CREATE INDEX approvals_list_idx ON approvals ((status <> 'pending'), id DESC);
CREATE INDEX approvals_status_idx ON approvals (status, id DESC);
CREATE INDEX approvals_pending_idx ON approvals (id) WHERE status = 'pending';

-- The audit record of an approved action names both admins: actor_id is the admin who asked, approved_by
-- the one who approved. The approvals service sets sgx.approval_id / sgx.approved_by (set_config, local to
-- its transaction) before it runs the action, so every audit row the action writes carries them.
ALTER TABLE audit_log
  ADD COLUMN approval_id bigint REFERENCES approvals (id)
    DEFAULT nullif(current_setting('sgx.approval_id', true), '')::bigint,
  ADD COLUMN approved_by bigint REFERENCES users (id)
    DEFAULT nullif(current_setting('sgx.approved_by', true), '')::bigint;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON approvals TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE approvals_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
