-- Proof of liabilities (decision 0044): one Merkle-sum tree a day over every member's balances per asset
-- at a cut-off, its root and totals published for ever; what serves the members' inclusion proofs (the leaves'
-- salts and positions, the tree's node records) kept for the latest trees only.

CREATE TABLE proof_trees (
  id bigserial PRIMARY KEY,
  -- One tree a day: the daily job and the admin's "build now" meet on this key (ON CONFLICT DO NOTHING).
  day date NOT NULL UNIQUE,
  -- The instant whose balances the tree holds: every ledger transaction that started before it, none after.
  cutoff timestamptz NOT NULL,
  root text NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
  -- Totals per asset in 10^-8 units (the root's sums).
  total_usd bigint NOT NULL CHECK (total_usd >= 0),
  total_sgx bigint NOT NULL CHECK (total_sgx >= 0),
  leaf_count integer NOT NULL CHECK (leaf_count >= 0),
  -- Room for writing the root on chain (not done yet): the chain and the transaction whose data is the root.
  onchain_chain_id integer,
  onchain_tx_hash text,
  onchain_at timestamptz,
  -- Set when the leaves and nodes of an old tree were dropped (its root and totals stay).
  pruned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A member's leaf: its position in the tree and the random salt of its commitment H(0x02 || salt || member id).
-- A million rows a day, written once from the ids the snapshot has just read: no foreign keys (a per-row check
-- would double the build time); users are never deleted (soft delete) and trees only by the pruning below.
CREATE TABLE proof_leaves (
  tree_id bigint NOT NULL,
  member_id bigint NOT NULL,
  leaf_index integer NOT NULL CHECK (leaf_index >= 0),
  salt bytea NOT NULL CHECK (length(salt) = 16),
  PRIMARY KEY (tree_id, member_id)
);

-- The tree's node records (hash || USD sum || SGX sum, 64 bytes each), level by level, in chunks of 16,384 nodes:
-- a proof reads one 64-byte slice per level. EXTERNAL storage: no compression, so a slice reads only its page.
CREATE TABLE proof_levels (
  tree_id bigint NOT NULL REFERENCES proof_trees (id),
  level smallint NOT NULL CHECK (level >= 0),
  chunk integer NOT NULL CHECK (chunk >= 0),
  nodes bytea NOT NULL,
  PRIMARY KEY (tree_id, level, chunk)
);
ALTER TABLE proof_levels ALTER COLUMN nodes SET STORAGE EXTERNAL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON proof_trees TO sgx_app';
    EXECUTE 'REVOKE DELETE, TRUNCATE ON proof_trees FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE proof_trees_id_seq TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, DELETE ON proof_leaves, proof_levels TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON proof_leaves, proof_levels FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
