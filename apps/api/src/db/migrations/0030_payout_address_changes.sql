-- Protected payout addresses (issue 13, decision 0025): every change of a member's BEP20 or TRC20 payout
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
