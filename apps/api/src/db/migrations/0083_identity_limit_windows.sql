-- Identity levels' limits (decision 0073): the windows identity_limit_check.sql sums for a member whose
-- level has a limit, each read from one index without touching the table: withdrawals requested in the last 24 hours
-- and 30 days (not declined), deposits credited in the last 24 hours, transfers sent in the last 24 hours.
CREATE INDEX withdrawals_user_live_idx ON withdrawals (user_id, created_at) INCLUDE (amount)
  WHERE status <> 'decline';
CREATE INDEX deposits_user_credited_idx ON deposits (user_id, decided_at) INCLUDE (credited_amount, amount)
  WHERE status = 'complete';
CREATE INDEX transfers_user_sent_idx ON transfers (user_id, created_at) INCLUDE (amount)
  WHERE kind = 'touser';
