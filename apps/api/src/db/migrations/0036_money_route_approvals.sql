-- Two admins for the settings that decide where money comes from or goes (decision 0029): a chain's
-- accepted token, confirmations and switch ('chain_settings', subject: the chain id), the receiving addresses
-- ('deposit_address', subject: the address removed, none for a new one) and the manual SGX price
-- ('token_price', subject: the token). Later areas (treasury addresses, the hot wallet, the payout policy)
-- add their own kind here the same way.
ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (
  'withdrawal', 'debit', 'transaction', 'transaction_edit', 'balance_edit', 'settings', 'deposit', 'codes',
  'chain_settings', 'deposit_address', 'token_price'));

-- Confirmations never below the network's floor (packages/contracts MIN_CONFIRMATIONS): rows set lower are
-- raised to it, and the table refuses a lower number from any path.
UPDATE chain_settings
SET confirmations = CASE chain_id WHEN 1 THEN 12 WHEN 137 THEN 128 WHEN 56 THEN 15 WHEN 42161 THEN 20 END,
    updated_at = now()
WHERE confirmations < CASE chain_id WHEN 1 THEN 12 WHEN 137 THEN 128 WHEN 56 THEN 15 WHEN 42161 THEN 20 END;
ALTER TABLE chain_settings ADD CONSTRAINT chain_settings_confirmations_floor CHECK (
  confirmations >= CASE chain_id WHEN 1 THEN 12 WHEN 137 THEN 128 WHEN 56 THEN 15 WHEN 42161 THEN 20 END);
