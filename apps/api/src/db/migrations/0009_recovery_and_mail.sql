-- Account recovery (business-rules 8) and the mail outbox.
CREATE TABLE password_resets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE otps (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash bytea NOT NULL,
  purpose text NOT NULL DEFAULT 'email',
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otps_user_idx ON otps (user_id, created_at DESC);

-- Every e-mail sent. The body is kept only when no SMTP server is configured (development), so that
-- codes and reset links are never stored where an SMTP server delivered them.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text,
  delivered_via text NOT NULL CHECK (delivered_via IN ('smtp', 'outbox')),
  status text NOT NULL CHECK (status IN ('sent', 'failed', 'kept')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
