-- Member events (decision 0019): what happened to a member's money or request, written in the transaction of
-- the change. The dedupe key names the event (e.g. 'deposit-credited:42'), so a request or job run twice
-- writes it once (INSERT ... ON CONFLICT DO NOTHING). E-mail goes out after commit: mail_state 'pending'
-- is taken by the sender, which records what became of it.
CREATE TABLE member_events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN (
    'deposit_credited', 'deposit_refused', 'withdrawal_paid', 'withdrawal_declined', 'plan_activated',
    'plan_ended', 'income_missed', 'ticket_answered', 'ticket_closed', 'reward_claimable')),
  title text NOT NULL,
  message text NOT NULL,
  link text,
  dedupe_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz,
  mail_state text NOT NULL DEFAULT 'pending'
    CHECK (mail_state IN ('pending', 'sending', 'sent', 'failed', 'off', 'unsent'))
);
-- The member's newest-first list, and the unread count from the unread rows alone.
CREATE INDEX member_events_user_idx ON member_events (user_id, id DESC);
CREATE INDEX member_events_unread_idx ON member_events (user_id) WHERE seen_at IS NULL;
-- What the mail sender still has to take: only the pending rows.
CREATE INDEX member_events_mail_pending_idx ON member_events (id) WHERE mail_state = 'pending';

-- The kinds a member does not want by e-mail (no row: e-mail on).
CREATE TABLE member_event_mail_off (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- The admin navigation counts open tickets (pending deposits and withdrawals have indexes from 0019).
CREATE INDEX tickets_unclosed_idx ON tickets (id) WHERE status IN ('open', 'in-progress');

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON member_events TO sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE member_events_id_seq TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, DELETE ON member_event_mail_off TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
