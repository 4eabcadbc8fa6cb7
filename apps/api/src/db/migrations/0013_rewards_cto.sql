-- Reward ranks (business-rules 5): admin-defined plans in rank order; a member works on one rank at a
-- time inside its window; claims pay once; carry-forward opens the next rank. Leadership records ranks won.
CREATE TABLE reward_plans (
  id bigserial PRIMARY KEY,
  rank integer NOT NULL CHECK (rank > 0),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  threshold bigint NOT NULL CHECK (threshold > 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  reward bigint NOT NULL CHECK (reward > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX reward_plans_rank_live ON reward_plans (rank) WHERE deleted_at IS NULL;

CREATE TABLE member_rewards (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  reward_plan_id bigint NOT NULL REFERENCES reward_plans (id),
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'working' CHECK (status IN ('working', 'claimed', 'carried')),
  claimed_at timestamptz,
  paid bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_rewards_one_open ON member_rewards (user_id) WHERE status = 'working';

CREATE TABLE leadership (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  reward_plan_id bigint NOT NULL REFERENCES reward_plans (id),
  member_reward_id bigint NOT NULL UNIQUE REFERENCES member_rewards (id),
  achieved_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by bigint REFERENCES users (id)
);
CREATE INDEX leadership_user_idx ON leadership (user_id);

-- CTO: one pool a month, paid once; members can be disqualified.
CREATE TABLE cto_payouts (
  id bigserial PRIMARY KEY,
  month text NOT NULL UNIQUE CHECK (month ~ '^\d{4}-\d{2}$'),
  turnover bigint NOT NULL,
  pool bigint NOT NULL,
  members integer NOT NULL,
  share bigint NOT NULL,
  paid_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE cto_shares (
  id bigserial PRIMARY KEY,
  payout_id bigint NOT NULL REFERENCES cto_payouts (id),
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL,
  UNIQUE (payout_id, user_id)
);
CREATE TABLE cto_disqualified (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  reason text NOT NULL,
  by_admin bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
