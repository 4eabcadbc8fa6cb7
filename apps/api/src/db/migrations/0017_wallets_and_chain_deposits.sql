-- Wallets proven by a signature, chains the server reads, and deposits verified on chain (decision 0008).

-- One-time sign-in-with-Ethereum style challenges: valid 10 minutes, used once.
CREATE TABLE wallet_challenges (
  nonce text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  chain_id integer NOT NULL,
  message text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_challenges_user_idx ON wallet_challenges (user_id, created_at);

-- A wallet a member proved they control. An address belongs to one member at a time (lowercase key).
CREATE TABLE member_wallets (
  address text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  chain_id integer NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_wallets_user_idx ON member_wallets (user_id);

-- What the server needs to read a chain: the stablecoin it accepts there, its decimals, the confirmations
-- a deposit needs, and how far the scan for unreported transfers has read. Admin-editable, audited.
CREATE TABLE chain_settings (
  chain_id integer PRIMARY KEY CHECK (chain_id IN (1, 137, 56, 42161)),
  enabled boolean NOT NULL DEFAULT true,
  token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-fA-F]{40}$'),
  token_symbol text NOT NULL DEFAULT 'USDT',
  token_decimals integer NOT NULL CHECK (token_decimals BETWEEN 0 AND 36),
  confirmations integer NOT NULL CHECK (confirmations BETWEEN 1 AND 10000),
  scanned_to_block bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO chain_settings (chain_id, token_address, token_decimals, confirmations) VALUES
  (1, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 12),
  (137, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, 128),
  (56, '0x55d398326f99059fF775485246999027B3197955', 18, 15),
  (42161, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, 20);

-- Receiving addresses: a BEP20 (EVM) address with no chain serves every EVM chain; one with a chain
-- overrides it there.
ALTER TABLE deposit_addresses ADD COLUMN chain_id integer CHECK (chain_id IS NULL OR chain_id IN (1, 137, 56, 42161));
ALTER TABLE deposit_addresses ADD CONSTRAINT deposit_addresses_chain_evm CHECK (chain_id IS NULL OR currency = 'BEP20');
DROP INDEX deposit_addresses_live;
CREATE UNIQUE INDEX deposit_addresses_live ON deposit_addresses (currency, coalesce(chain_id, 0)) WHERE deleted_at IS NULL;

-- Deposits on an EVM chain are verified by the server: where the check stands, and on which log.
ALTER TABLE deposits ADD COLUMN chain_id integer;
ALTER TABLE deposits ADD COLUMN log_index integer;
ALTER TABLE deposits ADD COLUMN from_address text;
ALTER TABLE deposits ADD COLUMN block_number bigint;
ALTER TABLE deposits ADD COLUMN chain_status text
  CHECK (chain_status IN ('waiting', 'confirming', 'credited', 'refused', 'manual'));
ALTER TABLE deposits ADD COLUMN confirmations integer;
ALTER TABLE deposits ADD COLUMN required_confirmations integer;
ALTER TABLE deposits ADD COLUMN chain_reason text;
ALTER TABLE deposits ADD COLUMN checked_at timestamptz;
ALTER TABLE deposits ADD COLUMN source text NOT NULL DEFAULT 'member' CHECK (source IN ('member', 'scan'));
ALTER TABLE deposits ADD CONSTRAINT deposits_chain_evm CHECK (chain_id IS NULL OR currency = 'BEP20');
-- A log on a chain is credited once, whichever way it was found.
CREATE UNIQUE INDEX deposits_chain_log_key ON deposits (chain_id, hash, log_index) WHERE log_index IS NOT NULL;
CREATE INDEX deposits_chain_open_idx ON deposits (chain_id, id) WHERE status = 'pending' AND chain_id IS NOT NULL;
