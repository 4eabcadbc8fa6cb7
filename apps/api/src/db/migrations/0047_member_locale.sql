-- A member's language and time zone (decision 0039). Both null until the member chooses:
-- null means "the browser's" (the web app detects the language and uses the browser's time zone).
-- locale: one of the languages the web app ships. time_zone: an IANA name, checked by the server against
-- the zones its runtime knows (Intl) before it is stored; the CHECK keeps the column to the name's shape.
ALTER TABLE users
  ADD COLUMN locale text,
  ADD COLUMN time_zone text,
  ADD CONSTRAINT users_locale_known CHECK (locale IS NULL OR locale IN ('en', 'es', 'hi')),
  ADD CONSTRAINT users_time_zone_shape CHECK (
    time_zone IS NULL OR (length(time_zone) <= 64 AND time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$')
  );
