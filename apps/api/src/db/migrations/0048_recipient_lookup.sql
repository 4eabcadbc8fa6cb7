-- Transfers and friend top-ups find their receiver by username, e-mail or referral code in any letter case
-- (GET /members/lookup, decision 0036). Usernames and live e-mails already have unique lower() indexes
-- (0001); referral codes are unique only as written, so the case-insensitive lookup gets an index of its own.
CREATE INDEX users_refferal_code_lower_idx ON users (lower(refferal_code)) WHERE deleted_at IS NULL;
