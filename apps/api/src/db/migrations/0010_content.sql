-- Content of the back-office: banners, achievers, news, support messages.
CREATE TABLE banners (
  id bigserial PRIMARY KEY,
  image text NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE achievers (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  image text NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE news (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX news_created_idx ON news (created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  subject text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  reply text,
  replied_by bigint REFERENCES users (id),
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX support_messages_user_idx ON support_messages (user_id, created_at DESC);
