-- Watch and earn (business-rules 5): the server times the watch, and a member claims ROI once a business day.

CREATE TABLE watch_sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  video_id bigint REFERENCES videos (id),
  business_date date NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX watch_sessions_user_day_idx ON watch_sessions (user_id, business_date);

CREATE TABLE roi_claims (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  business_date date NOT NULL,
  watch_session_id bigint NOT NULL REFERENCES watch_sessions (id),
  due bigint NOT NULL CHECK (due >= 0),
  paid bigint NOT NULL CHECK (paid >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, business_date)
);
