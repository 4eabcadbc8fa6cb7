-- A rank whose window closed unclaimed is marked expired (the daily job), and the same rank reopens.
ALTER TABLE member_rewards DROP CONSTRAINT member_rewards_status_check;
ALTER TABLE member_rewards ADD CONSTRAINT member_rewards_status_check CHECK (status IN ('working', 'claimed', 'carried', 'expired'));
