-- Support tickets ("queries") and their chat thread.
CREATE TABLE tickets (
  id bigserial PRIMARY KEY,
  ticket_id text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  subject text NOT NULL,
  category text NOT NULL DEFAULT 'general',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in-progress', 'resolved', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_user_idx ON tickets (user_id, created_at DESC);
CREATE INDEX tickets_status_idx ON tickets (status, updated_at DESC);

CREATE TABLE ticket_responses (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets (id),
  author_id bigint NOT NULL REFERENCES users (id),
  author_role text NOT NULL CHECK (author_role IN ('user', 'admin')),
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_responses_ticket_idx ON ticket_responses (ticket_id, id);
