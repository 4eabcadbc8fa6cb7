-- What each member has earned towards the earning cap, kept on the member row in the transaction of
-- every income credit and reversal, so the cap check reads one locked row (reconciliation proves it).
ALTER TABLE users ADD COLUMN total_earned bigint NOT NULL DEFAULT 0 CHECK (total_earned >= 0);
UPDATE users u SET total_earned = coalesce((
  SELECT sum(e.amount)
  FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE a.owner_id = u.id AND a.kind IN ('working', 'non_working')
    AND t.income_type IN ('level_month', 'roi_income', 'reward', 'direct_income', 'salary')
), 0);

-- Salary (business-rules 5): one row per member and month, so a re-run pays nobody twice.
CREATE TABLE salary_payments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  month text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  directs integer NOT NULL,
  due bigint NOT NULL CHECK (due > 0),
  paid bigint NOT NULL CHECK (paid >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, month)
);
