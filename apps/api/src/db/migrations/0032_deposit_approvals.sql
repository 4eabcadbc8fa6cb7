-- An admin's completion of a deposit waits for a second admin when it credits at least the approval
-- threshold or an amount other than the member reported (decision 0024): a new approval kind 'deposit',
-- whose subject is the deposit. At most one pending approval per deposit, as per withdrawal.
ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (
  'withdrawal', 'debit', 'transaction', 'transaction_edit', 'balance_edit', 'settings', 'deposit'));

DROP INDEX approvals_one_pending_idx;
CREATE UNIQUE INDEX approvals_one_pending_idx ON approvals (kind, subject_id)
  WHERE status = 'pending' AND kind IN ('withdrawal', 'transaction_edit', 'deposit');
