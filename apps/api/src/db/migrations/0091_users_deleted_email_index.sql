-- The audit search names an account by e-mail, deleted accounts too (decision 0054). Live accounts' e-mails have
-- their unique index (users_email_live_key, partial: deleted_at IS NULL); a lookup that did not say which half it
-- wanted could use neither and read every member (330 ms at 1,000,000 members, docs/benchmarks.md). The deleted
-- accounts' e-mails get an index of their own, and the search asks each half by its index (audit.search.ts).
CREATE INDEX users_email_deleted_idx ON users (lower(email)) WHERE deleted_at IS NOT NULL;
