-- Where each thousandth row of a busy closed hour lies (decision 0090). `GET /tr/all` locates a page's hour from the
-- rollups' counts and then skips the rows before it inside that hour: a daily run writes 1.6 M entries at 1,000,000
-- members in one hour (most of them in one instant), and a page in the middle of it skipped up to 800,000 joined rows
-- (3.5 s). A mark says how many of the hour's rows (entries on members' wallets of one asset, newest first) come
-- before a transaction's, per source ('' all) and side ('' both): a page starts from the nearest mark before it and
-- skips fewer than a thousand. Made for closed hours by ledger_marks_fill (functions/ledger_marks_fill.sql), run by
-- the `ledger-marks-minutely` job; an hour without marks is read as before.
CREATE TABLE ledger_marks (
  period timestamptz NOT NULL,       -- the hour
  asset text NOT NULL,
  source text NOT NULL,              -- coalesce(income_type, kind), or '' for every source
  side text NOT NULL CHECK (side IN ('', 'credit', 'debit')),
  position bigint NOT NULL,          -- the hour's rows (of this asset, source and side) newer than the transaction's
  created_at timestamptz NOT NULL,   -- the transaction's time and id: its rows start at `position`
  transaction_id bigint NOT NULL,
  PRIMARY KEY (period, asset, source, side, position)
);

-- The hours marked so far: every closed hour before it.
INSERT INTO rollup_state (name, closed_until)
SELECT 'marks', coalesce(date_trunc('hour', min(created_at), 'UTC'), (SELECT closed_until FROM rollup_state WHERE name = 'hourly'))
FROM ledger_transactions
ON CONFLICT (name) DO NOTHING;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON ledger_marks TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, UPDATE, DELETE ON ledger_marks FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
