-- Issue 25: a member's searchable text (0019) lives in its own table, kept by a trigger when one of its five
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

CREATE FUNCTION member_search_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search (user_id, text)
  VALUES (NEW.id, member_search_text(NEW.username, NEW.email, NEW.fullname, NEW.refferal_code, NEW.phone))
  ON CONFLICT (user_id) DO UPDATE SET text = excluded.text WHERE member_search.text IS DISTINCT FROM excluded.text;
  RETURN NULL;
END $$;

-- The trigger first (it holds writers of users until this migration commits), then the rows already there.
CREATE TRIGGER users_search_kept AFTER INSERT OR UPDATE OF username, email, fullname, refferal_code, phone
  ON users FOR EACH ROW EXECUTE FUNCTION member_search_keep();
INSERT INTO member_search (user_id, text)
SELECT id, member_search_text(username, email, fullname, refferal_code, phone) FROM users
ON CONFLICT (user_id) DO NOTHING;

CREATE INDEX member_search_trgm_idx ON member_search USING gin (text gin_trgm_ops);
CREATE INDEX member_search_grams_idx ON member_search USING gin (search_grams(text));
DROP INDEX users_search_trgm_idx;
DROP INDEX users_search_grams_idx;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON member_search TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
