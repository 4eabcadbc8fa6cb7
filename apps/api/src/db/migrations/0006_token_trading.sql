-- SGX trading (business-rules 7): trades, price history and each member's cost basis.
-- Quantities and prices are bigint counts of 10^-8.

CREATE TABLE token_transactions (
  id bigserial PRIMARY KEY,
  token_id bigint NOT NULL REFERENCES token_config (id),
  user_id bigint NOT NULL REFERENCES users (id),
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  token_amount bigint NOT NULL CHECK (token_amount > 0),
  price_per_token bigint NOT NULL CHECK (price_per_token > 0),
  total_amount bigint NOT NULL CHECK (total_amount >= 0),
  status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'pending', 'failed')),
  transaction_hash text NOT NULL UNIQUE,
  request_key text NOT NULL UNIQUE,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_transactions_user_idx ON token_transactions (user_id, created_at DESC);
CREATE INDEX token_transactions_created_idx ON token_transactions (created_at DESC);

CREATE TABLE token_price_history (
  id bigserial PRIMARY KEY,
  token_id bigint NOT NULL REFERENCES token_config (id),
  price bigint NOT NULL CHECK (price > 0),
  available_tokens bigint,
  change_reason text NOT NULL,
  transaction_id bigint REFERENCES token_transactions (id),
  user_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_price_history_created_idx ON token_price_history (token_id, created_at DESC);

-- Cost basis per member; the quantity itself is the member's SGX ledger account.
CREATE TABLE token_positions (
  user_id bigint NOT NULL REFERENCES users (id),
  token_id bigint NOT NULL REFERENCES token_config (id),
  total_invested bigint NOT NULL DEFAULT 0 CHECK (total_invested >= 0),
  realized_pnl bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, token_id)
);
