-- requires: functions/ledger_refuse_change.sql
-- requires: functions/ledger_transactions_statement.sql
-- requires: functions/month_partition_guard.sql
-- requires: functions/month_partition_create.sql
-- Decision 0097: ledger_transactions partitioned by month of created_at (RANGE, UTC months), as ledger_entries
-- (decision 0079) and audit_log (decision 0095) are, converted in place in this one transaction. A month holds
-- whole transactions with their entries: an entry carries its transaction's time (migration 0062).
--
-- Keys on a partitioned table include its partition key, so two rules that need the whole history move to a
-- narrow table that is not partitioned, ledger_transaction_keys (idempotency key, id, time), one row per
-- transaction, append-only and never archived:
-- - an idempotency key is posted once for all time (the money paths' idempotency: ledger_post_many inserts the
--   key first, ON CONFLICT DO NOTHING, then the transaction with the key's id);
-- - the eight foreign keys that named ledger_transactions(id) (codes, deposits, income_holds x3,
--   token_transactions, topups, transfers) now name ledger_transaction_keys(id): a record still points at a
--   transaction that exists or existed (its month may be in the archive).
-- ledger_transactions_statement (the statement check) makes the key of a transaction written by another writer
-- (fixtures, bulk loads) and refuses a transaction whose key names another transaction.
--
-- The primary key is (id, created_at); ids still come from ledger_transactions_id_seq, unique by themselves. The
-- indexes are as they were, per month, without the idempotency key's (its home is the keys table).

LOCK TABLE ledger_transactions IN ACCESS EXCLUSIVE MODE;

-- The keys: every transaction's, as it is.
CREATE TABLE ledger_transaction_keys (
  idempotency_key text NOT NULL,
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT ledger_transaction_keys_pkey PRIMARY KEY (idempotency_key),
  CONSTRAINT ledger_transaction_keys_id_key UNIQUE (id)
);
INSERT INTO ledger_transaction_keys (idempotency_key, id, created_at)
SELECT idempotency_key, id, created_at FROM ledger_transactions;

-- The records that name a transaction now name its key (validated here: every id is a key's).
ALTER TABLE codes DROP CONSTRAINT codes_ledger_transaction_id_fkey,
  ADD CONSTRAINT codes_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE deposits DROP CONSTRAINT deposits_ledger_transaction_id_fkey,
  ADD CONSTRAINT deposits_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE income_holds DROP CONSTRAINT income_holds_hold_transaction_id_fkey,
  ADD CONSTRAINT income_holds_hold_transaction_id_fkey FOREIGN KEY (hold_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE income_holds DROP CONSTRAINT income_holds_income_transaction_id_fkey,
  ADD CONSTRAINT income_holds_income_transaction_id_fkey FOREIGN KEY (income_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE income_holds DROP CONSTRAINT income_holds_settle_transaction_id_fkey,
  ADD CONSTRAINT income_holds_settle_transaction_id_fkey FOREIGN KEY (settle_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE token_transactions DROP CONSTRAINT token_transactions_ledger_transaction_id_fkey,
  ADD CONSTRAINT token_transactions_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE topups DROP CONSTRAINT topups_ledger_transaction_id_fkey,
  ADD CONSTRAINT topups_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id)
    REFERENCES ledger_transaction_keys (id);
ALTER TABLE transfers DROP CONSTRAINT transfers_ledger_transaction_id_fkey,
  ADD CONSTRAINT transfers_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id)
    REFERENCES ledger_transaction_keys (id);

ALTER TABLE ledger_transactions RENAME TO ledger_transactions_unpartitioned;
ALTER TABLE ledger_transactions_unpartitioned
  RENAME CONSTRAINT ledger_transactions_pkey TO ledger_transactions_unpartitioned_pkey;
ALTER TABLE ledger_transactions_unpartitioned
  RENAME CONSTRAINT ledger_transactions_idempotency_key_key TO ledger_transactions_unpartitioned_key;
ALTER INDEX ledger_transactions_carried_idx RENAME TO ledger_transactions_unpartitioned_carried_idx;
ALTER INDEX ledger_transactions_created_idx RENAME TO ledger_transactions_unpartitioned_created_idx;
ALTER INDEX ledger_transactions_member_idx RENAME TO ledger_transactions_unpartitioned_member_idx;
ALTER INDEX ledger_transactions_memo_trgm_idx RENAME TO ledger_transactions_unpartitioned_memo_trgm_idx;
ALTER INDEX ledger_transactions_reversal_idx RENAME TO ledger_transactions_unpartitioned_reversal_idx;
ALTER INDEX ledger_transactions_source_idx RENAME TO ledger_transactions_unpartitioned_source_idx;
DROP TRIGGER IF EXISTS ledger_transactions_append_only ON ledger_transactions_unpartitioned;
DROP TRIGGER IF EXISTS ledger_transactions_checked ON ledger_transactions_unpartitioned;
DROP TRIGGER IF EXISTS ledger_transactions_no_truncate ON ledger_transactions_unpartitioned;

CREATE TABLE ledger_transactions (
  id bigint NOT NULL DEFAULT nextval('ledger_transactions_id_seq'::regclass),
  idempotency_key text NOT NULL,
  kind text NOT NULL,
  income_type text,
  member_id bigint,
  memo text,
  details jsonb,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE INDEX ledger_transactions_carried_idx ON ledger_transactions (created_at)
  WHERE income_type = ANY (ARRAY['salary'::text, 'reward'::text]);
CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at, id);
CREATE INDEX ledger_transactions_member_idx ON ledger_transactions (member_id, created_at);
CREATE INDEX ledger_transactions_memo_trgm_idx ON ledger_transactions
  USING gin (COALESCE(income_type, kind), memo gin_trgm_ops) WHERE kind <> 'transfer'::text;
CREATE INDEX ledger_transactions_reversal_idx ON ledger_transactions (created_at) WHERE kind = 'reversal'::text;
CREATE INDEX ledger_transactions_source_idx ON ledger_transactions (COALESCE(income_type, kind), created_at, id)
  WHERE kind <> 'transfer'::text;
ALTER SEQUENCE ledger_transactions_id_seq OWNED BY ledger_transactions.id;
CREATE TABLE ledger_transactions_default PARTITION OF ledger_transactions DEFAULT;

-- The parent's statement-level triggers first: month_partition_create copies them onto each month it makes. The
-- check is set aside while the rows are copied (they were checked when written, and their keys are made above).
CREATE TRIGGER ledger_transactions_checked AFTER INSERT ON ledger_transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transactions_statement();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
SELECT month_partition_guard('public.ledger_transactions'::regclass, 'public.ledger_transactions_default'::regclass);

-- The months: those of the ledger's entries (every transaction's month has its entries' partition), and any
-- month a transaction has without an entry.
SELECT month_partition_create('public.ledger_transactions'::regclass, m::date)
FROM (
  SELECT to_date(substr(c.relname, length('ledger_entries_') + 1), 'YYYY_MM') AS m
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'public.ledger_entries'::regclass AND c.relname ~ '^ledger_entries_\d{4}_\d{2}$'
  UNION
  SELECT generate_series(
    date_trunc('month', coalesce((SELECT min(created_at) FROM ledger_transactions_unpartitioned), now()) AT TIME ZONE 'UTC'),
    greatest(date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
             date_trunc('month', coalesce((SELECT max(created_at) FROM ledger_transactions_unpartitioned), now()) AT TIME ZONE 'UTC')),
    interval '1 month')::date
) months;

ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_checked;
INSERT INTO ledger_transactions (id, idempotency_key, kind, income_type, member_id, memo, details, created_by,
                                 created_at)
SELECT id, idempotency_key, kind, income_type, member_id, memo, details, created_by, created_at
FROM ledger_transactions_unpartitioned;
ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_checked;
DROP TABLE ledger_transactions_unpartitioned;

-- The parent's row guard (also in triggers/, which makes it again as it is): cloned onto every partition.
CREATE TRIGGER ledger_transactions_append_only BEFORE DELETE OR UPDATE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
-- The keys are append-only as well (their guards are in triggers/).

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'REVOKE ALL ON ledger_transactions, ledger_transactions_default, ledger_transaction_keys FROM sgx_app';
    EXECUTE 'GRANT INSERT, SELECT ON ledger_transactions, ledger_transaction_keys TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;

-- A month moved to the archive names its transactions' table too (ledger_partition_detach). Months archived
-- before this migration had their transactions kept live: null.
ALTER TABLE ledger_archived_months ADD COLUMN transactions_table text, ADD COLUMN transactions bigint;

-- Statistics now, for the new tables and the partitioned parents (autovacuum never analyzes a partitioned table;
-- the daily jobs keep the parents' statistics since, month_partitions_ahead): without them a list over the
-- ledger is planned as if the table were empty.
ANALYZE ledger_transactions;
ANALYZE ledger_transaction_keys;
ANALYZE ONLY ledger_entries;
ANALYZE ONLY audit_log;
