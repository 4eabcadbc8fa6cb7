-- Sanctions screening of addresses (decision 0075). The lists: the digital-currency addresses of the
-- OFAC SDN list (source 'ofac_sdn', replaced whole by `npm run sanctions:update`, its publication date kept) and the
-- operator's own list (source 'operator', one list, entries added and removed by compliance). A list replaced by a
-- newer one keeps its row (replaced_at) so every hit still names the list and the date it was decided under; its
-- addresses go.
CREATE TABLE sanctions_lists (
  id bigserial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('ofac_sdn', 'operator')),
  -- The publication's date (OFAC: the list's issue date); null for the operator's list (each entry has its own).
  published_on date,
  -- Where it was read from (the file's name, or the shipped snapshot's).
  extracted_from text,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  entry_count integer NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  -- The SHA-256 of the file it was read from (hex); null for the operator's list.
  sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$'),
  loaded_by bigint REFERENCES users (id),
  replaced_at timestamptz,
  CHECK (source = 'operator' OR published_on IS NOT NULL)
);
-- One list in force per source.
CREATE UNIQUE INDEX sanctions_lists_current_key ON sanctions_lists (source) WHERE replaced_at IS NULL;
INSERT INTO sanctions_lists (source, extracted_from) VALUES ('operator', 'the operator''s own list');

-- The addresses, normalised: EVM lower-case 0x hex (one address on every EVM chain), TRON Base58 as published.
-- The check is one lookup on (address): the unique index's first column.
CREATE TABLE sanctioned_addresses (
  id bigserial PRIMARY KEY,
  list_id bigint NOT NULL REFERENCES sanctions_lists (id) ON DELETE CASCADE,
  family text NOT NULL CHECK (family IN ('evm', 'tron')),
  address text NOT NULL,
  -- OFAC: the currencies it is listed under ("ETH, USDT"); the operator's entries: the reason it was added.
  note text CHECK (note IS NULL OR length(note) <= 1000),
  added_by bigint REFERENCES users (id),
  added_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (family = 'evm' AND address ~ '^0x[0-9a-f]{40}$') OR
    (family = 'tron' AND address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$')),
  UNIQUE (address, list_id)
);
CREATE INDEX sanctioned_addresses_list_idx ON sanctioned_addresses (list_id);

-- A deposit from a listed sender is recorded held, never credited until two admins release it.
ALTER TABLE deposits DROP CONSTRAINT deposits_chain_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_chain_status_check
  CHECK (chain_status IN ('waiting', 'confirming', 'credited', 'refused', 'manual', 'below_minimum', 'sanctions_held'));

-- A payout to a listed address is not prepared: 'sanctions_held' (not 'held', which is a reorganisation's hold,
-- decision 0053) until two admins release it (back to 'approved').
ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check
  CHECK (status IN ('approved', 'sending', 'paid', 'failed', 'held', 'sanctions_held'));

-- Every hit: what was screened, under which list and its date, what it held or refused, and its decision.
CREATE TABLE sanctions_hits (
  id bigserial PRIMARY KEY,
  -- payout_address: a payout address refused when set; wallet: a wallet link refused; withdrawal: a withdrawal
  -- request refused; payout: a payout held when prepared; deposit: a deposit held by the scan.
  kind text NOT NULL CHECK (kind IN ('payout_address', 'wallet', 'withdrawal', 'payout', 'deposit')),
  member_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL,
  list_id bigint NOT NULL REFERENCES sanctions_lists (id),
  list_source text NOT NULL CHECK (list_source IN ('ofac_sdn', 'operator')),
  -- The list's publication date (OFAC) or the entry's date (the operator's list).
  list_date date NOT NULL,
  deposit_id bigint REFERENCES deposits (id),
  withdrawal_id bigint REFERENCES withdrawals (id),
  flag_id bigint REFERENCES member_flags (id),
  -- refused: nothing was moved (an address not set, a wallet not linked); held: money waits for a decision;
  -- released: two admins let it go (a false positive); confirmed: compliance confirmed the match, the money stays held.
  status text NOT NULL CHECK (status IN ('refused', 'held', 'released', 'confirmed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) BETWEEN 1 AND 1000),
  CHECK ((kind = 'deposit') = (deposit_id IS NOT NULL)),
  CHECK ((kind = 'payout') = (withdrawal_id IS NOT NULL) OR kind = 'withdrawal'),
  CHECK ((status IN ('refused', 'held')) = (decided_at IS NULL))
);
-- A deposit is held once; a payout has at most one hold open.
CREATE UNIQUE INDEX sanctions_hits_deposit_key ON sanctions_hits (deposit_id) WHERE deposit_id IS NOT NULL;
CREATE UNIQUE INDEX sanctions_hits_payout_held_key ON sanctions_hits (withdrawal_id)
  WHERE kind = 'payout' AND status IN ('held', 'confirmed');
CREATE INDEX sanctions_hits_created_idx ON sanctions_hits (created_at DESC, id DESC);
CREATE INDEX sanctions_hits_member_idx ON sanctions_hits (member_id);

-- The release of what a hit holds waits for a second admin: approval kind 'sanctions_release', added to whatever
-- kinds the constraint already lists (other migrations of this issue add theirs).
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'approvals_kind_check' AND conrelid = 'approvals'::regclass;
  IF def IS NOT NULL AND position('sanctions_release' IN def) = 0 THEN
    ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check;
    EXECUTE 'ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check '
      || replace(def, '''plan''::text', '''plan''::text, ''sanctions_release''::text');
  END IF;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON sanctions_lists, sanctions_hits TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, DELETE ON sanctioned_addresses TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE sanctions_lists_id_seq, sanctioned_addresses_id_seq, sanctions_hits_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
