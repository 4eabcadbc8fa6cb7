-- The incremental reconciliation (decision 0086). The full one (reconcile(), GET /ledger/reconciliation) sums every
-- entry ever written, so its time grows with history. This one keeps, per member account and figure key (source,
-- income, credit), the sums of the entries it has already checked, up to a watermark (`ledger_reconciled`), and
-- each run reads only the entries after it: the balances, the folded figures and each member's total_earned must
-- equal the checked sums plus the new entries, and each new transaction must sum to zero per asset. Its runs are
-- recorded (`ledger_reconcile_runs`, append-only), each with what it found.
CREATE TABLE ledger_reconciled (
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  source text NOT NULL,
  income boolean NOT NULL,
  credit boolean NOT NULL,
  entries bigint NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (account_id, source, income, credit)
);

CREATE TABLE ledger_reconcile_runs (
  id bigserial PRIMARY KEY,
  -- The entries checked: created_at in [from_at, through); from_at NULL for the first run, which reads them all.
  from_at timestamptz,
  through timestamptz NOT NULL,
  transactions bigint NOT NULL,
  entries bigint NOT NULL,
  accounts bigint NOT NULL,
  -- What disagreed (empty when the ledger holds): balances, figures, total_earned, unbalanced transactions.
  mismatches jsonb NOT NULL,
  ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_at IS NULL OR from_at < through)
);
CREATE INDEX ledger_reconcile_runs_through_idx ON ledger_reconcile_runs (through DESC);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE ON ledger_reconciled TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, DELETE ON ledger_reconciled FROM sgx_app';
    EXECUTE 'GRANT SELECT, INSERT ON ledger_reconcile_runs TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, DELETE, UPDATE ON ledger_reconcile_runs FROM sgx_app';
    EXECUTE 'GRANT USAGE, SELECT ON SEQUENCE ledger_reconcile_runs_id_seq TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
