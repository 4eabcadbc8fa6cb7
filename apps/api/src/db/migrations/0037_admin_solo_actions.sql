-- What one admin does alone is capped per admin per rolling 24 hours, in total (decision 0030): every
-- money action an admin does without a second admin (a manual transaction or reversal, a Business Balance edit,
-- codes issued, a withdrawal completed, a deposit credited by hand) is recorded here with its amount, in the
-- action's own transaction (a rollback forgets it). Actions a second admin approved are not recorded: they do
-- not use anyone's solo allowance. `action_key` is the action's once-only key: a retried request that was
-- already done alone is found, not counted twice. Insert-only for the app.
CREATE TABLE admin_solo_actions (
  id bigserial PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  kind text NOT NULL
    CHECK (kind IN ('withdrawal', 'transaction', 'transaction_edit', 'balance_edit', 'deposit', 'codes')),
  -- The member, ledger transaction, withdrawal or deposit it was about (none for codes).
  subject_id bigint,
  action_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (admin_id, action_key)
);
-- The sum of one admin's last 24 hours.
CREATE INDEX admin_solo_actions_admin_at_idx ON admin_solo_actions (admin_id, at);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON admin_solo_actions TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE admin_solo_actions_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
