-- A deposit belongs to the member the chain names, never to whoever reports its hash first (decision
-- 0027). Transaction hashes are public: a report no longer claims a hash. What stays unique:
--   * a hash is credited (status complete) at most once, ever, whatever path: admin by hand or chain;
--   * a transfer the verifier bound to a member (log_index set only when it was sent from one of that
--     member's linked wallets; cleared again if the report is refused) has one deposit per chain, hash and log
--     (deposits_chain_log_key, migration 0017, unchanged);
--   * a member has at most one live report (pending or complete) of a hash.
-- Reports that are refused, declined or cancelled hold nothing, and several members may report one hash
-- that no node can verify; an admin completes at most one of them.
DROP INDEX deposits_hash_key;
CREATE UNIQUE INDEX deposits_hash_credited_key ON deposits (lower(hash)) WHERE status = 'complete';
CREATE UNIQUE INDEX deposits_user_hash_live_key ON deposits (user_id, lower(hash)) WHERE status <> 'decline';
-- Every report of a hash (the other reports an admin is shown, a report's checks).
CREATE INDEX deposits_hash_idx ON deposits (lower(hash));

-- The member the chain's sender wallet was linked to when the verifier read it (null: not read, or linked to
-- nobody). A report whose sender is another member's wallet is a report of someone else's deposit: counted by
-- the risk signal below through the partial index.
ALTER TABLE deposits ADD COLUMN sender_id bigint REFERENCES users (id);
CREATE INDEX deposits_foreign_sender_idx ON deposits (user_id, lower(hash)) WHERE sender_id <> user_id;

-- withdrawal_risk: now in functions/withdrawal_risk.sql (decision 0057).
