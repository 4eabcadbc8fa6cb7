-- Foundation: plans, members, sessions, settings, audit, reward notices.
-- Amounts are bigint counts of 10^-8 units (USD or tokens); percentages are bigint counts of 10^-8 percent.

CREATE TABLE plans (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  monthly_price bigint NOT NULL CHECK (monthly_price > 0),
  roi_day bigint NOT NULL CHECK (roi_day >= 0),
  sponsor_bonus bigint NOT NULL CHECK (sponsor_bonus >= 0),
  plan_period integer NOT NULL CHECK (plan_period > 0),
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'investment',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  status text NOT NULL DEFAULT 'unblock' CHECK (status IN ('unblock', 'block')),
  is_active text NOT NULL DEFAULT 'inactive' CHECK (is_active IN ('active', 'inactive')),
  roi_status text NOT NULL DEFAULT 'open' CHECK (roi_status IN ('open', 'close')),
  level_status text NOT NULL DEFAULT 'open' CHECK (level_status IN ('open', 'close')),
  address text,
  fullname text NOT NULL,
  phone text,
  sponsor_id bigint REFERENCES users (id),
  refferal_code text NOT NULL,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  verify_at timestamptz,
  activation_date timestamptz,
  total_team integer NOT NULL DEFAULT 0 CHECK (total_team >= 0),
  bep20 text,
  trc20 text,
  active_plan bigint NOT NULL DEFAULT 0 CHECK (active_plan >= 0),
  plan_id bigint REFERENCES plans (id),
  deleted_at timestamptz,
  CHECK (sponsor_id IS NULL OR sponsor_id <> id)
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_refferal_code_key ON users (refferal_code);
CREATE UNIQUE INDEX users_email_live_key ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_sponsor_idx ON users (sponsor_id);
CREATE INDEX users_created_idx ON users (created_at);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash bytea NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('user', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id)
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id bigint REFERENCES users (id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);

CREATE TABLE reward_notices (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  message text NOT NULL,
  sent_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reward_notices_user_idx ON reward_notices (user_id);
