-- The CTO pool is paid by the monthly job (no admin) or by an admin.
ALTER TABLE cto_payouts ALTER COLUMN paid_by DROP NOT NULL;

-- Results of the daily check of the team counters kept on each member.
CREATE TABLE counter_checks (
  id bigserial PRIMARY KEY,
  checked integer NOT NULL,
  mismatches jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
