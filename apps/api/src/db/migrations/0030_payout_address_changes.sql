-- Protected payout addresses (decision 0025): every change of a member's BEP20 or TRC20 payout
-- address is a row here; withdrawals to the new address wait until hold_until; the member can cancel the
-- change during the hold, which puts the old address back.
CREATE TABLE payout_address_changes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('BEP20', 'TRC20')),
  old_address text,
  new_address text,
  requested_by bigint NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  hold_until timestamptz NOT NULL,
  cancelled_at timestamptz,
  cancelled_by bigint REFERENCES users (id)
);
CREATE INDEX payout_address_changes_user_idx ON payout_address_changes (user_id, currency, requested_at DESC);
CREATE INDEX payout_address_changes_new_idx ON payout_address_changes (lower(new_address)) WHERE new_address IS NOT NULL;

-- Whether another member uses an address as payout address (the change is flagged 'shared'): an index
-- per currency, so the check never reads the whole members table.
CREATE INDEX IF NOT EXISTS users_bep20_lower_idx ON users (lower(bep20)) WHERE bep20 IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_trc20_lower_idx ON users (lower(trc20)) WHERE trc20 IS NOT NULL;

-- The e-mail codes a member without two-factor enters to change a payout address share `otps` with the
-- e-mail verification codes; `purpose` tells them apart (recovery/email-codes.ts).
CREATE INDEX otps_user_purpose_idx ON otps (user_id, purpose, id DESC) WHERE used_at IS NULL;

-- The member is told of every change and of every cancellation (a member event, e-mailed after commit).
ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check CHECK (kind IN (
  'deposit_credited', 'deposit_refused', 'withdrawal_paid', 'withdrawal_declined', 'plan_activated',
  'plan_ended', 'income_missed', 'ticket_answered', 'ticket_closed', 'reward_claimable',
  'payout_address_changed'));

-- payout_address_hold: now in functions/payout_address_hold.sql (decision 0057).

-- withdrawal_request: now in functions/withdrawal_request.sql (decision 0057).

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON payout_address_changes TO sgx_app';
    EXECUTE 'REVOKE DELETE, TRUNCATE ON payout_address_changes FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE payout_address_changes_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
