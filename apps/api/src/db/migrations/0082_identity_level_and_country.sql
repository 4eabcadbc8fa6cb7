-- Identity levels (decision 0073): the level a member has reached (0: e-mail confirmed, 1: identity, 2: proof of
-- address), set by an identity decision (the review queue or a provider), read by the limits; and the member's
-- country of residence (ISO 3166-1 alpha-2), captured at registration or at level 1.
ALTER TABLE users
  ADD COLUMN identity_level smallint NOT NULL DEFAULT 0 CHECK (identity_level BETWEEN 0 AND 2),
  ADD COLUMN country text CHECK (country IS NULL OR country ~ '^[A-Z]{2}$');
