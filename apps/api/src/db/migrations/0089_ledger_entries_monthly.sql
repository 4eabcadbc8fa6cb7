-- requires: functions/ledger_refuse_change.sql
-- requires: functions/ledger_entries_statement.sql
-- requires: functions/ledger_partition_create.sql
-- Decision 0079: ledger_entries partitioned by month of created_at (RANGE, UTC months), converted in place in
-- this one transaction. The rows move to a partitioned table of the same name, columns, sequence, keys, index,
-- triggers and grants; a month's partition is ledger_entries_YYYY_MM, made by ledger_partition_create from the
-- oldest row's month (the current month on an empty database) to three months ahead of now or the newest
-- row's month; the job ledger-partitions-daily keeps three months ahead. A DEFAULT partition takes an entry of
-- a month with no partition (a backdated history load, a job that did not run for months): the money write
-- goes through, and ledger_partition_create moves such rows into their month when it makes it.
--
-- Keys on a partitioned table include its partition key: the primary key is (id, created_at) and the unique
-- key (transaction_id, account_id, created_at). Every entry carries its transaction's time (migration 0062),
-- which ledger_entries_statement now checks at insert, so (transaction_id, account_id) stays unique: two
-- entries of one transaction and account would have the same time. Nothing references ledger_entries by a
-- foreign key and no ON CONFLICT names its keys.
--
-- The app role reaches the rows through the parent only. An INSERT naming a partition runs the same statement
-- check (PostgreSQL fires the named table's statement triggers only); UPDATE and DELETE meet the row guard
-- PostgreSQL clones onto each partition; TRUNCATE of a partition meets its own guard.

LOCK TABLE ledger_entries IN ACCESS EXCLUSIVE MODE;

-- The view reading the entries is bound to the table: kept aside and made again as it is (its grants are the
-- schema's default privileges, as when views/ made it).
CREATE TEMP TABLE ledger_entries_views ON COMMIT DROP AS
  SELECT c.relname AS name, pg_get_viewdef(c.oid) AS def
  FROM pg_class c WHERE c.relkind = 'v' AND c.relnamespace = 'public'::regnamespace
    AND c.oid IN (SELECT r.ev_class FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
                  WHERE d.refobjid = 'public.ledger_entries'::regclass AND d.classid = 'pg_rewrite'::regclass);
DO $$
DECLARE v record;
BEGIN
  FOR v IN SELECT name FROM ledger_entries_views LOOP
    EXECUTE format('DROP VIEW %I', v.name);
  END LOOP;
END $$;

ALTER TABLE ledger_entries RENAME TO ledger_entries_unpartitioned;
ALTER TABLE ledger_entries_unpartitioned RENAME CONSTRAINT ledger_entries_pkey TO ledger_entries_unpartitioned_pkey;
ALTER TABLE ledger_entries_unpartitioned
  RENAME CONSTRAINT ledger_entries_transaction_id_account_id_key TO ledger_entries_unpartitioned_key;
ALTER INDEX ledger_entries_account_time_idx RENAME TO ledger_entries_unpartitioned_time_idx;

CREATE TABLE ledger_entries (
  id bigint NOT NULL DEFAULT nextval('ledger_entries_id_seq'::regclass),
  transaction_id bigint NOT NULL,
  account_id bigint NOT NULL,
  amount bigint NOT NULL CONSTRAINT ledger_entries_amount_check CHECK (amount <> 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_pkey PRIMARY KEY (id, created_at),
  CONSTRAINT ledger_entries_transaction_id_account_id_key UNIQUE (transaction_id, account_id, created_at)
) PARTITION BY RANGE (created_at);
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at, transaction_id)
  INCLUDE (amount);
ALTER SEQUENCE ledger_entries_id_seq OWNED BY ledger_entries.id;
CREATE TABLE ledger_entries_default PARTITION OF ledger_entries DEFAULT;
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries_default REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_statement();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries_default
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The months: the oldest row's to the newest row's or three ahead, whichever is later.
SELECT ledger_partition_create(m::date)
FROM generate_series(
  date_trunc('month', coalesce((SELECT min(created_at) FROM ledger_entries_unpartitioned), now()) AT TIME ZONE 'UTC'),
  greatest(date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
           date_trunc('month', coalesce((SELECT max(created_at) FROM ledger_entries_unpartitioned), now()) AT TIME ZONE 'UTC')),
  interval '1 month') AS m;

-- The rows, as they are (no trigger on the parent yet: they were checked when written, and their figures kept).
INSERT INTO ledger_entries (id, transaction_id, account_id, amount, created_at)
SELECT id, transaction_id, account_id, amount, created_at FROM ledger_entries_unpartitioned;
DROP TABLE ledger_entries_unpartitioned;

-- The parent's guards (also in triggers/, which makes them again as they are).
CREATE TRIGGER ledger_entries_append_only BEFORE DELETE OR UPDATE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_statement();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

DO $$
DECLARE v record;
BEGIN
  FOR v IN SELECT name, def FROM ledger_entries_views LOOP
    EXECUTE format('CREATE VIEW %I AS %s', v.name, v.def);
  END LOOP;
END $$;

-- What a month detached for archive leaves behind (ledger_partition_detach): reconciliation adds it.
CREATE TABLE ledger_archived_months (
  month date PRIMARY KEY CHECK (month = date_trunc('month', month)::date),
  table_name text NOT NULL,
  entries bigint NOT NULL,
  detached_at timestamptz NOT NULL DEFAULT now()  -- who asked: the audit log (ledger.month_detached)
);
CREATE TABLE ledger_archived_sums (
  month date NOT NULL REFERENCES ledger_archived_months(month),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  source text NOT NULL,
  income boolean NOT NULL,
  credit boolean NOT NULL,
  entries bigint NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (month, account_id, source, income, credit)
);
CREATE INDEX ledger_archived_sums_account_idx ON ledger_archived_sums (account_id);
-- Their append-only guards are in triggers/.

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'REVOKE ALL ON ledger_entries, ledger_entries_default, ledger_archived_months, ledger_archived_sums FROM sgx_app';
    EXECUTE 'GRANT INSERT, SELECT ON ledger_entries TO sgx_app';
    EXECUTE 'GRANT SELECT ON ledger_archived_months, ledger_archived_sums TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
