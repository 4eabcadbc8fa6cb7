-- Members' income marked at the start of UTC days (decision 0069, "members' earnings marked at each day's start"):
-- what each member's wallets had been credited of each income type before the day began, so the plan-change
-- simulator reads each member's earnings at its window's start, and the window's credits, from two marks and a day or
-- so of the ledger instead of the whole window of it. db/functions/earned_marks_close.sql makes and prunes them.
CREATE TABLE earned_mark_days (
  day date PRIMARY KEY,
  made_at timestamptz NOT NULL DEFAULT now()
);
-- A member with nothing credited of a type before the day has no row (0).
CREATE TABLE earned_marks (
  day date NOT NULL REFERENCES earned_mark_days (day) ON DELETE CASCADE,
  member_id bigint NOT NULL,
  income_type text NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (day, member_id, income_type)
);

-- The salary and rewards the simulator carries over (replay-load.ts): a few rows a month among millions, found by
-- their time without reading the window's every transaction.
CREATE INDEX ledger_transactions_carried_idx ON ledger_transactions (created_at) WHERE income_type IN ('salary', 'reward');

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, DELETE ON earned_mark_days, earned_marks TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
