-- requires: functions/audit_log_refuse_change.sql
-- requires: functions/audit_log_fill_member.sql
-- requires: functions/month_partition_guard.sql
-- requires: functions/month_partition_create.sql
-- Decision 0095: audit_log partitioned by month of created_at (RANGE, UTC months), as ledger_entries is (decision
-- 0079), converted in place in this one transaction. The rows move to a partitioned table of the same name,
-- columns, defaults, sequence, foreign keys, indexes, triggers and grants; a month's partition is audit_log_YYYY_MM,
-- made by month_partition_create from the oldest row's month (the current month on an empty database) to three
-- months ahead of now or the newest row's month; the job ledger-partitions-daily keeps three months ahead
-- (audit_partitions_ahead). A DEFAULT partition takes an entry of a month with no partition, and
-- month_partition_create moves such rows into their month when it makes it.
--
-- Keys on a partitioned table include its partition key: the primary key is (id, created_at); ids still come from
-- audit_log_id_seq, unique by themselves. Nothing references audit_log by a foreign key and no ON CONFLICT names
-- its key. The indexes stay in id order per filter (the audit search walks them newest first, one per month).
--
-- The app role reaches the rows through the parent only. UPDATE and DELETE meet the row guard PostgreSQL clones
-- onto each partition; TRUNCATE of a partition meets its own guard (month_partition_create copies it).

LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE;

ALTER TABLE audit_log RENAME TO audit_log_unpartitioned;
ALTER TABLE audit_log_unpartitioned RENAME CONSTRAINT audit_log_pkey TO audit_log_unpartitioned_pkey;
ALTER TABLE audit_log_unpartitioned RENAME CONSTRAINT audit_log_actor_id_fkey TO audit_log_unpartitioned_actor_fkey;
ALTER TABLE audit_log_unpartitioned
  RENAME CONSTRAINT audit_log_approval_id_fkey TO audit_log_unpartitioned_approval_fkey;
ALTER TABLE audit_log_unpartitioned
  RENAME CONSTRAINT audit_log_approved_by_fkey TO audit_log_unpartitioned_approved_by_fkey;
ALTER INDEX audit_log_action_idx RENAME TO audit_log_unpartitioned_action_idx;
ALTER INDEX audit_log_actor_idx RENAME TO audit_log_unpartitioned_actor_idx;
ALTER INDEX audit_log_created_idx RENAME TO audit_log_unpartitioned_created_idx;
ALTER INDEX audit_log_entity_id_idx RENAME TO audit_log_unpartitioned_entity_id_idx;
ALTER INDEX audit_log_member_idx RENAME TO audit_log_unpartitioned_member_idx;
ALTER INDEX audit_log_record_idx RENAME TO audit_log_unpartitioned_record_idx;
DROP TRIGGER IF EXISTS audit_log_immutable ON audit_log_unpartitioned;
DROP TRIGGER IF EXISTS audit_log_member ON audit_log_unpartitioned;
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log_unpartitioned;

CREATE TABLE audit_log (
  id bigint NOT NULL DEFAULT nextval('audit_log_id_seq'::regclass),
  actor_id bigint,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  approval_id bigint DEFAULT (NULLIF(current_setting('sgx.approval_id'::text, true), ''::text))::bigint,
  approved_by bigint DEFAULT (NULLIF(current_setting('sgx.approved_by'::text, true), ''::text))::bigint,
  member_id bigint,
  CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id),
  CONSTRAINT audit_log_approval_id_fkey FOREIGN KEY (approval_id) REFERENCES approvals(id),
  CONSTRAINT audit_log_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES users(id),
  CONSTRAINT audit_log_pkey PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_entity_id_idx ON audit_log (entity, id DESC);
CREATE INDEX audit_log_member_idx ON audit_log (member_id, id DESC) WHERE member_id IS NOT NULL;
CREATE INDEX audit_log_record_idx ON audit_log (entity, entity_id, id DESC);
ALTER SEQUENCE audit_log_id_seq OWNED BY audit_log.id;
CREATE TABLE audit_log_default PARTITION OF audit_log DEFAULT;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log_default
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The parent's statement-level guard first: month_partition_create copies it onto each month it makes.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The months: the oldest row's to the newest row's or three ahead, whichever is later.
SELECT month_partition_create('public.audit_log'::regclass, m::date)
FROM generate_series(
  date_trunc('month', coalesce((SELECT min(created_at) FROM audit_log_unpartitioned), now()) AT TIME ZONE 'UTC'),
  greatest(date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
           date_trunc('month', coalesce((SELECT max(created_at) FROM audit_log_unpartitioned), now()) AT TIME ZONE 'UTC')),
  interval '1 month') AS m;

-- The rows, as they are (no row trigger on the parent yet: their member was filled when written).
INSERT INTO audit_log (id, actor_id, action, entity, entity_id, before, after, reason, created_at, approval_id,
                       approved_by, member_id)
SELECT id, actor_id, action, entity, entity_id, before, after, reason, created_at, approval_id, approved_by, member_id
FROM audit_log_unpartitioned;
DROP TABLE audit_log_unpartitioned;

-- The parent's row guards (also in triggers/, which makes them again as they are): cloned onto every partition.
CREATE TRIGGER audit_log_immutable BEFORE DELETE OR UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_member BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_fill_member();

-- The ledger's months made by migration 0089 before their parent had its statement-level triggers (a database
-- migrated through 0089 with today's maker of months, which copies the parent's): given them now. A database that
-- ran 0089 before has them all, and nothing is made.
SELECT month_partition_guard('public.ledger_entries'::regclass, i.inhrelid::regclass)
FROM pg_inherits i WHERE i.inhparent = 'public.ledger_entries'::regclass;

-- A month detached for archive (audit_partition_detach): the audit search says where its entries went.
CREATE TABLE audit_archived_months (
  month date PRIMARY KEY CHECK (month = date_trunc('month', month)::date),
  table_name text NOT NULL,
  entries bigint NOT NULL,
  detached_at timestamptz NOT NULL DEFAULT now()  -- who asked: the audit log (audit.month_detached)
);
-- Its append-only guard is in triggers/.

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'REVOKE ALL ON audit_log, audit_log_default, audit_archived_months FROM sgx_app';
    EXECUTE 'GRANT DELETE, INSERT, SELECT, UPDATE ON audit_log TO sgx_app';
    EXECUTE 'GRANT SELECT ON audit_archived_months TO sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
