-- Payouts on chain (decision 0034): an approved withdrawal waits as a payout until a batch transaction
-- through the BatchPayout contract pays it and the server verified that transaction on chain.

-- The BatchPayout contract of a chain (set like the deposit factory: two admins, decision 0029).
ALTER TABLE chain_settings
  ADD COLUMN payout_contract text CHECK (payout_contract ~ '^0x[0-9a-f]{40}$');

-- A batch: up to 200 payouts of one chain in one transaction. `ref` is the random reference the contract marks
-- paid (a second transaction of the same batch reverts); `deadline` the instant after which the transaction
-- reverts, so a batch not paid by then is provably never paid (expired) and its payouts wait again.
-- mode 'wallet': the operator's wallet sends it; 'hot': the server's hot wallet signs it under a nonce reserved
-- first (payout_hot_txs) and keeps every signed attempt (payout_attempts).
CREATE TABLE payout_batches (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL REFERENCES chain_settings (chain_id),
  mode text NOT NULL CHECK (mode IN ('wallet', 'hot')),
  contract text NOT NULL CHECK (contract ~ '^0x[0-9a-f]{40}$'),
  token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
  token_decimals integer NOT NULL,
  ref text NOT NULL UNIQUE CHECK (ref ~ '^0x[0-9a-f]{64}$'),
  deadline timestamptz NOT NULL,
  -- The chain's head when it was prepared: a search for its BatchPaid log starts there.
  from_block bigint NOT NULL,
  total bigint NOT NULL CHECK (total > 0),
  raw_total numeric(78, 0) NOT NULL CHECK (raw_total > 0),
  status text NOT NULL DEFAULT 'prepared' CHECK (status IN ('prepared', 'sent', 'paid', 'failed', 'expired')),
  sender text CHECK (sender ~ '^0x[0-9a-f]{40}$'),
  tx_hash text UNIQUE CHECK (tx_hash ~ '^[0-9a-f]{64}$'),
  -- A successful transaction of this batch was seen: the contract will never pay `ref` again.
  ref_spent boolean NOT NULL DEFAULT false,
  block_number bigint,
  confirmations integer,
  failure text,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  paid_at timestamptz,
  CHECK (mode = 'wallet' OR sender IS NOT NULL)
);
CREATE INDEX payout_batches_open_idx ON payout_batches (id) WHERE status IN ('prepared', 'sent');

-- What a batch pays, in calldata order, kept as it was prepared (a payout that waits again goes into a new batch).
CREATE TABLE payout_batch_items (
  batch_id bigint NOT NULL REFERENCES payout_batches (id),
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  position integer NOT NULL CHECK (position BETWEEN 0 AND 199),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  net bigint NOT NULL CHECK (net > 0),
  raw_amount numeric(78, 0) NOT NULL CHECK (raw_amount > 0),
  PRIMARY KEY (batch_id, withdrawal_id),
  UNIQUE (batch_id, position)
);
CREATE INDEX payout_batch_items_withdrawal_idx ON payout_batch_items (withdrawal_id);

-- The hot wallet's transactions (decision 0034): a nonce is reserved here, unique per chain, sender and nonce, before
-- anything is signed; a reserved nonce is never given up (its signed transaction is sent again until mined), so
-- no gap and no reuse, whatever process dies when. `purpose` 'allowance' approves the payout contract once.
CREATE TABLE payout_hot_txs (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL REFERENCES chain_settings (chain_id),
  sender text NOT NULL CHECK (sender ~ '^0x[0-9a-f]{40}$'),
  nonce bigint NOT NULL CHECK (nonce >= 0),
  purpose text NOT NULL CHECK (purpose IN ('batch', 'allowance')),
  batch_id bigint UNIQUE REFERENCES payout_batches (id),
  status text NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'sent', 'mined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  mined_at timestamptz,
  UNIQUE (chain_id, sender, nonce),
  CHECK ((purpose = 'batch') = (batch_id IS NOT NULL))
);
CREATE INDEX payout_hot_txs_open_idx ON payout_hot_txs (chain_id, sender) WHERE status <> 'mined';

-- Every signed transaction of a hot-wallet nonce (a stuck one is replaced under the same nonce, higher fee).
CREATE TABLE payout_attempts (
  id bigserial PRIMARY KEY,
  hot_tx_id bigint NOT NULL REFERENCES payout_hot_txs (id),
  tx_hash text NOT NULL UNIQUE CHECK (tx_hash ~ '^[0-9a-f]{64}$'),
  raw_tx text NOT NULL,
  max_fee_per_gas numeric(78, 0) NOT NULL,
  max_priority_fee_per_gas numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  broadcast_at timestamptz
);
CREATE INDEX payout_attempts_tx_idx ON payout_attempts (hot_tx_id, id);

-- One payout per withdrawal, made when it is approved. `address` is the payout address the member gave when
-- asking (20-byte hex, lower case). A paid payout names the one Transfer log that paid it: a log pays once.
CREATE TABLE payouts (
  withdrawal_id bigint PRIMARY KEY REFERENCES withdrawals (id),
  network text NOT NULL CHECK (network IN ('EVM', 'TRON')),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  status text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'sending', 'paid', 'failed')),
  batch_id bigint REFERENCES payout_batches (id),
  chain_id integer,
  raw_amount numeric(78, 0),
  tx_hash text,
  log_index integer,
  confirmations integer,
  failure text,
  approved_by bigint NOT NULL REFERENCES users (id),
  approved_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK (status <> 'paid' OR (tx_hash IS NOT NULL AND log_index IS NOT NULL AND chain_id IS NOT NULL)),
  CHECK (status <> 'sending' OR batch_id IS NOT NULL)
);
CREATE UNIQUE INDEX payouts_paid_log_key ON payouts (chain_id, tx_hash, log_index) WHERE status = 'paid';
CREATE INDEX payouts_waiting_idx ON payouts (network, withdrawal_id) WHERE status IN ('approved', 'failed');
CREATE INDEX payouts_batch_idx ON payouts (batch_id) WHERE batch_id IS NOT NULL;

-- The member is told when a withdrawal is approved for an on-chain payout (then again when it is paid).
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'member_events_kind_check' AND conrelid = 'member_events'::regclass;
  IF def IS NOT NULL AND position('withdrawal_approved' IN def) = 0 THEN
    ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
    EXECUTE 'ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''withdrawal_approved''::text, ');
  END IF;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON payout_batches, payout_batch_items, payout_hot_txs, payout_attempts, payouts TO sgx_app';
    -- A declined withdrawal's approved payout (never in a batch) is removed with it.
    EXECUTE 'GRANT DELETE ON payouts TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE payout_batches_id_seq, payout_hot_txs_id_seq, payout_attempts_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
