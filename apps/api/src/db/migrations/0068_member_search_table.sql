-- A member's searchable text (0019) lives in its own table, kept by a trigger when one of its five
-- columns changes (decision 0049).
--
-- The two search indexes (trigram and short pieces, GIN) were on users, the row every credit updates
-- (total_earned, the team counters, the plan). An update that cannot stay on its page writes every index
-- of the row again, and the two GIN entries of a member are dozens of keys: at a million members a month's
-- salary spent about two thirds of its 1.4 s update of 13,000 members in them. The text changes only when
-- a member edits a name, e-mail, phone or code, so it is kept apart and the money updates never touch it.

CREATE TABLE member_search (
  user_id bigint PRIMARY KEY,  -- users.id; users rows are never deleted (0067)
  text text NOT NULL           -- member_search_text(username, email, fullname, refferal_code, phone)
);

-- member_search_keep: now in functions/member_search_keep.sql (decision 0057).

-- users.users_search_kept: now in triggers/users.users_search_kept.sql (decision 0057).
INSERT INTO member_search (user_id, text)
SELECT id, username || ' ' || email || ' ' || fullname || ' ' || refferal_code || ' ' || coalesce(phone, '') FROM users
ON CONFLICT (user_id) DO NOTHING;

CREATE INDEX member_search_trgm_idx ON member_search USING gin (text gin_trgm_ops);
-- An index on a function of the tree: that function is applied first, in this migration's transaction
-- (migrate.ts, decision 0057). Changing search_grams later needs a migration that rebuilds the index.
-- requires: functions/search_grams.sql
CREATE INDEX member_search_grams_idx ON member_search USING gin (search_grams(text));
DROP INDEX IF EXISTS users_search_trgm_idx;
DROP INDEX IF EXISTS users_search_grams_idx;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON member_search TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
