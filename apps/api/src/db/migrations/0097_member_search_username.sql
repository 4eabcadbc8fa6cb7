-- A member's username on its own in the search table (decision 0089). The admin's transaction search names the
-- members whose username holds the text; it looked them up in the whole searchable text (username, e-mail, name,
-- code, phone) and kept those whose username matched. A text found in most e-mail addresses ('a', 'example', 'com')
-- read every member for none: 250 ms at 1,000,000 members. The username's own indexes read only those it names.
-- At 1,000,000 members this migration takes about 110 s, member_search locked (a signup waits): run it in a quiet
-- hour (docs/operations.md).
ALTER TABLE member_search ADD COLUMN username text;
UPDATE member_search s SET username = u.username FROM users u WHERE u.id = s.user_id;
ALTER TABLE member_search ALTER COLUMN username SET NOT NULL;

CREATE INDEX member_search_username_trgm_idx ON member_search USING gin (username gin_trgm_ops);
-- requires: functions/search_grams.sql
CREATE INDEX member_search_username_grams_idx ON member_search USING gin (search_grams(username));
