-- A member has one live report of a hash (0034): a report names a hash, not a log. A transfer the scan found at a
-- member's own address is named by its log (deposits_chain_log_key), and one transaction (an exchange's batch
-- withdrawal) may pay the same member's address more than once: each of those logs is the member's deposit,
-- credited once. The live-report rule now leaves the scan's own-address deposits out; before, the second log of
-- such a transaction was never recorded, so it was neither credited nor shown.
DROP INDEX deposits_user_hash_live_key;
CREATE UNIQUE INDEX deposits_user_hash_live_key ON deposits (user_id, lower(hash))
  WHERE status <> 'decline' AND source <> 'address';
