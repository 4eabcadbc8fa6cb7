-- Double-entry ledger (business-rules 2). Amounts are bigint counts of 10^-8 of the account's asset.

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  owner_id bigint REFERENCES users (id),          -- NULL: a platform account
  kind text NOT NULL,
  asset text NOT NULL CHECK (asset IN ('USD', 'SGX')),
  balance bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A member account can never go below zero, whatever the code above it does.
  CHECK (allow_negative OR balance >= 0),
  CHECK (owner_id IS NULL OR NOT allow_negative),
  CHECK (
    (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token'))
    OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals', 'token_treasury', 'adjustments'))
  )
);
CREATE UNIQUE INDEX ledger_accounts_key ON ledger_accounts (coalesce(owner_id, 0), kind, asset);

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  income_type text,
  member_id bigint REFERENCES users (id),
  memo text,
  details jsonb,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_member_idx ON ledger_transactions (member_id, created_at);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  UNIQUE (transaction_id, account_id)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id);

-- ledger_refuse_change: now in functions/ledger_refuse_change.sql (decision 0057).
-- ledger_entries.ledger_entries_append_only: now in triggers/ledger_entries.ledger_entries_append_only.sql (decision 0057).
-- ledger_transactions.ledger_transactions_append_only: now in triggers/ledger_transactions.ledger_transactions_append_only.sql (decision 0057).
-- ledger_entries.ledger_entries_no_truncate: now in triggers/ledger_entries.ledger_entries_no_truncate.sql (decision 0057).

-- ledger_check_zero_sum: retired later (was defined here before decision 0057).
-- ledger_entries.ledger_entries_zero_sum: retired later (was defined here before decision 0057).
