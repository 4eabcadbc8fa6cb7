-- Issuing one-time codes whose total value (value times count) is at or above the approval threshold waits
-- for a second admin (decision 0024): a new approval kind 'codes', with no subject (the codes do not exist
-- until it is approved).
ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (
  'withdrawal', 'debit', 'transaction', 'transaction_edit', 'balance_edit', 'settings', 'deposit', 'codes'));
