-- Transfers to a member's own address below the chain's minimum (decision 0033): not credited to the
-- member, yet they sit at the member address until a sweep. Once past the confirmations they are booked from
-- 'member_addresses' to the platform account 'uncredited_deposits', so what the ledger says sits at member
-- addresses matches the chain, and what was received but not credited stays visible.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token', 'held'))
  OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals',
                                    'token_treasury', 'adjustments', 'investments', 'member_addresses', 'treasury',
                                    'uncredited_deposits'))
);
