-- Signed webhooks (decision 0072): owners' endpoints, their signing secrets, the outbox of events written in the
-- transaction of the change they report, one delivery per endpoint and event (numbered per endpoint) and the log of
-- every attempt.
CREATE TABLE webhook_endpoints (
  id bigserial PRIMARY KEY,
  url text NOT NULL CHECK (length(url) BETWEEN 8 AND 2000),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  disabled_at timestamptz,
  -- The last sequence number given to a delivery of this endpoint (the dispatcher numbers them).
  last_sequence bigint NOT NULL DEFAULT 0,
  -- Attempts failed in a row, and since when; a success sets both back.
  consecutive_failures integer NOT NULL DEFAULT 0,
  failing_since timestamptz,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Kept as they are: they sign. The current one has no end; after a rotation the previous one signs too until
-- expires_at. Never read by any route but the one that makes it (shown once).
CREATE TABLE webhook_secrets (
  id bigserial PRIMARY KEY,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
CREATE INDEX webhook_secrets_endpoint_idx ON webhook_secrets (endpoint_id);

-- The outbox: one row per event, written in the change's transaction. The dispatcher takes the undispatched ones
-- (FOR UPDATE SKIP LOCKED, never a cursor on ids that commit out of order) and makes their deliveries.
-- endpoint_id is set only on a test ping (for that endpoint alone).
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  dispatched boolean NOT NULL DEFAULT false,
  endpoint_id bigint REFERENCES webhook_endpoints (id) ON DELETE CASCADE
);
CREATE INDEX webhook_events_undispatched_idx ON webhook_events (created_at) WHERE NOT dispatched;

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  sequence bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- When it is due; a claimed delivery is pushed ahead by its lease, so a crashed deliverer's is due again later.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  -- An owner asked for it again by hand: its next attempt is logged as manual.
  manual boolean NOT NULL DEFAULT false,
  UNIQUE (endpoint_id, sequence),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  http_status integer,
  latency_ms integer NOT NULL,
  response_excerpt text,
  error text,
  manual boolean NOT NULL DEFAULT false
);
CREATE INDEX webhook_attempts_endpoint_idx ON webhook_attempts (endpoint_id, id DESC);

-- Owners are told of a failing endpoint in the back-office banner too.
ALTER TABLE staff_alerts DROP CONSTRAINT staff_alerts_kind_check;
ALTER TABLE staff_alerts ADD CONSTRAINT staff_alerts_kind_check CHECK (kind IN ('solvency', 'webhook'));

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints, webhook_secrets, webhook_deliveries, webhook_attempts TO sgx_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON webhook_events TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON webhook_endpoints, webhook_secrets, webhook_events, webhook_deliveries, webhook_attempts FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE webhook_endpoints_id_seq, webhook_secrets_id_seq, webhook_deliveries_id_seq, webhook_attempts_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
