-- Proof of reserves (decision 0044): the platform's addresses, each proven by a signature its key made
-- once over a fixed message, and what they (and the members' own deposit addresses) held on chain at each tree's
-- cut-off block.

CREATE TABLE proof_reserve_addresses (
  id bigserial PRIMARY KEY,
  network text NOT NULL CHECK (network IN ('EVM', 'TRON')),
  -- The EVM chains it is read on (null: every configured EVM chain).
  chain_ids integer[],
  -- Lower-case hex (20 bytes, 0x-prefixed).
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  signed_on date NOT NULL,
  -- The exact message signed (EIP-191 personal_sign) and the signature, published for anyone to check.
  message text NOT NULL,
  signature text NOT NULL CHECK (signature ~ '^0x[0-9a-f]+$'),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by bigint REFERENCES users (id)
);
CREATE UNIQUE INDEX proof_reserve_addresses_live ON proof_reserve_addresses (network, address)
  WHERE removed_at IS NULL;

-- Per tree and chain: the last block before the cut-off, or why the chain could not be read.
CREATE TABLE proof_reserve_chains (
  tree_id bigint NOT NULL REFERENCES proof_trees (id),
  chain_id integer NOT NULL,
  status text NOT NULL CHECK (status IN ('read', 'unavailable')),
  reason text,
  block_number bigint,
  block_hash text,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tree_id, chain_id),
  CHECK (status = 'unavailable' OR (block_number IS NOT NULL AND block_hash IS NOT NULL))
);

-- What each address held at that block, in 10^-8 units (the token's units below 10^-8 dropped).
CREATE TABLE proof_reserve_balances (
  tree_id bigint NOT NULL,
  chain_id integer NOT NULL,
  -- A proven address (lower-case hex) or 'member-addresses' (the total of the members' deposit addresses).
  address text NOT NULL,
  reserve_id bigint REFERENCES proof_reserve_addresses (id),
  address_count integer,
  balance bigint NOT NULL CHECK (balance >= 0),
  PRIMARY KEY (tree_id, chain_id, address),
  FOREIGN KEY (tree_id, chain_id) REFERENCES proof_reserve_chains (tree_id, chain_id)
);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON proof_reserve_addresses, proof_reserve_chains TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON proof_reserve_balances TO sgx_app';
    EXECUTE 'REVOKE DELETE, TRUNCATE ON proof_reserve_addresses, proof_reserve_chains FROM sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON proof_reserve_balances FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE proof_reserve_addresses_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
