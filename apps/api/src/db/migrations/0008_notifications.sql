-- Notifications (spec 2.4, 2.5, 7.2): to all members or chosen ones; seen per member.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  message text NOT NULL,
  users boolean NOT NULL,
  type text NOT NULL CHECK (type IN ('notification', 'site_popup')),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX notifications_created_idx ON notifications (created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE notification_recipients (
  notification_id bigint NOT NULL REFERENCES notifications (id),
  user_id bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_recipients_user_idx ON notification_recipients (user_id);

CREATE TABLE notification_seen (
  notification_id bigint NOT NULL REFERENCES notifications (id),
  user_id bigint NOT NULL REFERENCES users (id),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, user_id)
);
