-- Every member's own deposit addresses, TRC20 read on chain, and sweeps to the treasury (decision 0033).

-- TRON (chain id 728126428 on java-tron's Ethereum-compatible JSON-RPC) is read like the EVM chains: its USDT
-- (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t as 20-byte hex), 6 decimals, 19 confirmations.
ALTER TABLE chain_settings DROP CONSTRAINT chain_settings_chain_id_check;
ALTER TABLE chain_settings ADD CONSTRAINT chain_settings_chain_id_check
  CHECK (chain_id IN (1, 137, 56, 42161, 728126428));
INSERT INTO chain_settings (chain_id, token_address, token_decimals, confirmations) VALUES
  (728126428, '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c', 6, 19);

-- The CREATE2 factory of member addresses on a chain, and what the server read from it when an admin set it (a
-- second admin approves): the treasury it fixes, the prefix its VM uses (0xff EVM, 0x41 TVM) and the forwarder's
-- creation code hash. The smallest transfer to a member address that is credited (platform units, 10^-8 USD).
-- The hash of the last block the scan read (scanned_to_block): a different hash there later is a reorganisation.
ALTER TABLE chain_settings
  ADD COLUMN forwarder_factory text CHECK (forwarder_factory ~ '^0x[0-9a-f]{40}$'),
  ADD COLUMN forwarder_prefix text CHECK (forwarder_prefix IN ('0xff', '0x41')),
  ADD COLUMN forwarder_code_hash text CHECK (forwarder_code_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN treasury_address text CHECK (treasury_address ~ '^0x[0-9a-f]{40}$'),
  ADD COLUMN min_deposit bigint NOT NULL DEFAULT 100000000 CHECK (min_deposit > 0),
  ADD COLUMN scanned_block_hash text,
  ADD CONSTRAINT chain_settings_forwarder_complete CHECK (
    (forwarder_factory IS NULL) = (forwarder_prefix IS NULL)
    AND (forwarder_factory IS NULL) = (forwarder_code_hash IS NULL)
    AND (forwarder_factory IS NULL) = (treasury_address IS NULL));

-- One random salt per member: its forwarder's address on every chain follows from the factory, so nobody can
-- list members' addresses from their ids. The salt spends nothing: a forwarder only ever pays the treasury.
CREATE TABLE member_deposit_salts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  salt text NOT NULL UNIQUE CHECK (salt ~ '^0x[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The member's address on each chain, per factory (kept when a factory changes: money sent to an old address
-- is still the member's). The scan matches a block range's receivers against the primary key in one statement.
CREATE TABLE member_deposit_addresses (
  chain_id integer NOT NULL REFERENCES chain_settings (chain_id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  factory text NOT NULL CHECK (factory ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address),
  UNIQUE (user_id, chain_id, factory)
);

-- Deposits: TRC20 ones name the TRON chain; a deposit may have reached a member's own address ('address').
ALTER TABLE deposits DROP CONSTRAINT deposits_chain_evm;
ALTER TABLE deposits ADD CONSTRAINT deposits_chain_network CHECK (
  chain_id IS NULL
  OR (currency = 'BEP20' AND chain_id IN (1, 137, 56, 42161))
  OR (currency = 'TRC20' AND chain_id = 728126428));
ALTER TABLE deposits DROP CONSTRAINT deposits_source_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_source_check CHECK (source IN ('member', 'scan', 'address'));
ALTER TABLE deposits DROP CONSTRAINT deposits_chain_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_chain_status_check
  CHECK (chain_status IN ('waiting', 'confirming', 'credited', 'refused', 'manual', 'below_minimum'));
-- The member address (20-byte hex) the transfer reached; null: the platform's shared receiving address.
ALTER TABLE deposits ADD COLUMN to_address text CHECK (to_address ~ '^0x[0-9a-f]{40}$');

-- A hash is credited once (decision 0027) where a hash is all the proof there is. A transfer to a member's own
-- address is proven by its log: one transaction (an exchange's batch withdrawal) may pay several members, each
-- credited once by chain, hash and log (deposits_chain_log_key).
DROP INDEX deposits_hash_credited_key;
CREATE UNIQUE INDEX deposits_hash_credited_key ON deposits (lower(hash)) WHERE status = 'complete' AND to_address IS NULL;

-- Platform accounts apart: what the ledger says sits at member addresses (credited, not swept) and what was swept
-- into the treasury. A credit to a member address posts against 'member_addresses'; a sweep moves it to 'treasury'.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token', 'held'))
  OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals',
                                    'token_treasury', 'adjustments', 'investments', 'member_addresses', 'treasury'))
);

-- A sweep: prepared by an admin with a second factor (the addresses, their salts, what they held), sent by the
-- operator's wallet through the factory, verified on chain (every Transfer from a member address to the
-- treasury), then posted once.
CREATE TABLE deposit_sweeps (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL REFERENCES chain_settings (chain_id),
  factory text NOT NULL,
  token_address text NOT NULL,
  treasury text NOT NULL,
  addresses text[] NOT NULL,
  salts text[] NOT NULL CHECK (cardinality(salts) = cardinality(addresses) AND cardinality(salts) BETWEEN 1 AND 200),
  expected bigint NOT NULL CHECK (expected >= 0),
  status text NOT NULL DEFAULT 'prepared' CHECK (status IN ('prepared', 'sent', 'confirmed', 'failed')),
  tx_hash text UNIQUE CHECK (tx_hash ~ '^[0-9a-f]{64}$'),
  block_number bigint,
  confirmations integer,
  swept bigint CHECK (swept >= 0),
  failure text,
  reason text NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  confirmed_at timestamptz,
  ledger_transaction_id bigint
);
CREATE INDEX deposit_sweeps_open_idx ON deposit_sweeps (id) WHERE status = 'sent';

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON member_deposit_salts TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT ON member_deposit_addresses TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON deposit_sweeps TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE deposit_sweeps_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
