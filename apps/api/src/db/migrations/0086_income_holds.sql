-- Income held before it is paid (decision 0076). Income is credited as before, then, in the same
-- transaction, moved from the wallet it went to into the member's 'pending' account when its income type has a hold
-- period (setting incomeHoldDays) or its member has an open compliance flag (income_hold_take.sql, called by
-- ledger_post_many.sql). Nothing spends 'pending' (like 'held'); member_liabilities counts it as owed. A hold ends
-- released (pending -> the wallet, by the daily job or compliance) or reversed (pending -> income_expense, by
-- compliance with a reason).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token', 'held', 'pending'))
  OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals',
                                    'token_treasury', 'adjustments', 'investments', 'member_addresses', 'treasury',
                                    'uncredited_deposits'))
);

CREATE TABLE income_holds (
  id bigserial PRIMARY KEY,
  -- The income credit held, and the ledger transaction that moved it to 'pending' (key 'hold:' || the income's key).
  income_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  hold_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  member_id bigint NOT NULL REFERENCES users (id),
  -- The wallet the income was credited to, where a release pays it.
  wallet text NOT NULL CHECK (wallet IN ('deposit', 'working', 'non_working', 'compound', 'token')),
  asset text NOT NULL CHECK (asset IN ('USD', 'SGX')),
  amount bigint NOT NULL CHECK (amount > 0),
  income_type text NOT NULL,
  earned_at timestamptz NOT NULL,
  -- When the daily job pays it; NULL while held for review (the member was flagged when it was earned).
  release_at timestamptz,
  -- Why it was held: its income type's period, or the member's open flag.
  held_for text NOT NULL CHECK (held_for IN ('period', 'flag')),
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released', 'reversed')),
  decided_at timestamptz,
  -- NULL when the daily job released it.
  decided_by bigint REFERENCES users (id),
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) BETWEEN 1 AND 1000),
  -- The release or reversal ledger transaction.
  settle_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'held') = (decided_at IS NULL)),
  CHECK ((state = 'held') = (settle_transaction_id IS NULL)),
  CHECK (state <> 'reversed' OR decision_reason IS NOT NULL)
);
-- The daily job's work: held, with a date.
CREATE INDEX income_holds_due_idx ON income_holds (release_at, id) WHERE state = 'held';
-- A member's pending income (the member's page; compliance by member).
CREATE INDEX income_holds_member_idx ON income_holds (member_id, id) WHERE state = 'held';
CREATE INDEX income_holds_created_idx ON income_holds (id DESC);

-- The member is told when compliance releases or reverses held income.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'member_events_kind_check' AND conrelid = 'member_events'::regclass;
  IF def IS NOT NULL AND position('income_released' IN def) = 0 THEN
    ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
    EXECUTE 'ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''income_released''::text, ''income_reversed''::text, ');
  END IF;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON income_holds TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, DELETE ON income_holds FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE income_holds_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
