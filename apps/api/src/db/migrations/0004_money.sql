-- Money flows (business-rules 4 and 6): plan activations, top-ups, deposits, withdrawals, transfers,
-- one-time codes, deposit addresses, and the record of income that was not paid and why.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check2;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token'))
  OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals',
                                    'token_treasury', 'adjustments', 'investments'))
);

ALTER TABLE plans ADD COLUMN deleted_at timestamptz;

-- Team counters, kept in the transaction of the registration, top-up or sponsor move that changes them.
ALTER TABLE users ADD COLUMN team_business bigint NOT NULL DEFAULT 0 CHECK (team_business >= 0);
ALTER TABLE users ADD COLUMN active_directs integer NOT NULL DEFAULT 0 CHECK (active_directs >= 0);

-- One row per plan a member holds; top-ups and re-top-ups add to it, principal withdrawal ends it.
CREATE TABLE member_plans (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  plan_id bigint NOT NULL REFERENCES plans (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text
);
CREATE UNIQUE INDEX member_plans_one_active ON member_plans (user_id) WHERE status = 'active';

CREATE TABLE topups (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('topup', 'retopup', 'entry', 'friend')),
  plan_id bigint REFERENCES plans (id),
  userby_id bigint NOT NULL REFERENCES users (id),
  userto_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete')),
  request_key text NOT NULL UNIQUE,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX topups_userto_idx ON topups (userto_id, created_at);
CREATE INDEX topups_userby_idx ON topups (userby_id, created_at);
CREATE INDEX topups_created_idx ON topups (created_at);

CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('BEP20', 'TRC20')),
  hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'decline')),
  credited_amount bigint CHECK (credited_amount > 0),
  verified_by text CHECK (verified_by IN ('admin', 'chain')),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  note text,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A transaction hash can be used once, ever, whatever became of the deposit.
CREATE UNIQUE INDEX deposits_hash_key ON deposits (lower(hash));
CREATE INDEX deposits_user_idx ON deposits (user_id, created_at);
CREATE INDEX deposits_status_idx ON deposits (status, created_at);

CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('working', 'roi', 'principal', 'compound')),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  net bigint NOT NULL CHECK (net >= 0),
  currency text NOT NULL CHECK (currency IN ('BEP20', 'TRC20')),
  address text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'decline')),
  member_plan_id bigint REFERENCES member_plans (id),
  request_key text NOT NULL UNIQUE,
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  note text,
  payout_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (fee + net = amount)
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_status_idx ON withdrawals (kind, status, created_at);
CREATE UNIQUE INDEX withdrawals_one_pending_principal ON withdrawals (member_plan_id)
  WHERE kind = 'principal' AND status = 'pending';

CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('touser', 'friend')),
  user_id bigint NOT NULL REFERENCES users (id),
  userto_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  topup_id bigint REFERENCES topups (id),
  request_key text NOT NULL UNIQUE,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id <> userto_id)
);
CREATE INDEX transfers_user_idx ON transfers (user_id, created_at);
CREATE INDEX transfers_userto_idx ON transfers (userto_id, created_at);

CREATE TABLE codes (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  redeemed_by bigint REFERENCES users (id),
  redeemed_at timestamptz,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL))
);

CREATE TABLE deposit_addresses (
  id bigserial PRIMARY KEY,
  currency text NOT NULL CHECK (currency IN ('BEP20', 'TRC20')),
  address text NOT NULL,
  label text,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One live receiving address per chain.
CREATE UNIQUE INDEX deposit_addresses_live ON deposit_addresses (currency) WHERE deleted_at IS NULL;

-- Income that was due but not paid, and why (blocked, inactive, closed, cap reached, level locked).
CREATE TABLE income_skips (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  income_type text NOT NULL,
  cause_key text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount >= 0),
  reason text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX income_skips_user_idx ON income_skips (user_id, created_at);

-- The application's own role: it reads and appends to the ledger, never changes or removes it.
-- Where the migrating user may not create roles, this is skipped and the triggers still guard the ledger.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    CREATE ROLE sgx_app NOLOGIN;
  END IF;
  EXECUTE 'GRANT USAGE ON SCHEMA public TO sgx_app';
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sgx_app';
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO sgx_app';
  EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sgx_app';
  EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO sgx_app';
  EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON ledger_entries, ledger_transactions FROM sgx_app';
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'sgx_app role not created: %', SQLERRM;
END $$;
