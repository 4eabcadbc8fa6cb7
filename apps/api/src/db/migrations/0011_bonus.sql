-- Admin-defined fixed bonuses (business-rules 5): a member claims each type once per business day.
CREATE TABLE bonuses (
  id bigserial PRIMARY KEY,
  bonus_type text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  active boolean NOT NULL DEFAULT true,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX bonuses_type_live ON bonuses (bonus_type) WHERE deleted_at IS NULL;

CREATE TABLE bonus_claims (
  id bigserial PRIMARY KEY,
  bonus_id bigint NOT NULL REFERENCES bonuses (id),
  bonus_type text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  business_date date NOT NULL,
  paid bigint NOT NULL CHECK (paid >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, bonus_type, business_date)
);
