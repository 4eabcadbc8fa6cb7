-- The platform token's configuration (business-rules 7) and the video library (spec 2.7).
-- Quantities and prices are bigint counts of 10^-8.

CREATE TABLE token_config (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  symbol text NOT NULL,
  total_supply bigint NOT NULL CHECK (total_supply > 0),
  available_tokens bigint NOT NULL CHECK (available_tokens >= 0 AND available_tokens <= total_supply),
  base_price bigint NOT NULL CHECK (base_price > 0),
  -- multiplier in 10^-8 units: 100000000 means 1x
  price_multiplier bigint NOT NULL DEFAULT 100000000 CHECK (price_multiplier > 0),
  current_price bigint NOT NULL CHECK (current_price > 0),
  contract_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_updated timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE videos (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  url text NOT NULL,
  description text,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX videos_created_idx ON videos (created_at DESC) WHERE deleted_at IS NULL;
