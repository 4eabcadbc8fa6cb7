-- The audit trail people can search (issue 23, decision 0042): every entry names the member it concerns,
-- entries cannot be changed or deleted (by anyone, through any role), and the searches by actor, member,
-- kind, record and date are each one index range in id order (keyset paging).

ALTER TABLE audit_log ADD COLUMN member_id bigint;

-- The member an entry concerns, from its record: a member's own record, or the member of a withdrawal,
-- deposit, top-up, plan, reward, leadership entry or approval. NULL for platform records (plans, settings).
CREATE FUNCTION audit_member_of(entity text, entity_id text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN entity_id IS NULL OR entity_id !~ '^[0-9]{1,18}$' THEN NULL
    WHEN entity = 'user' THEN entity_id::bigint
    WHEN entity = 'withdrawal' THEN (SELECT user_id FROM withdrawals WHERE id = entity_id::bigint)
    WHEN entity = 'deposit' THEN (SELECT user_id FROM deposits WHERE id = entity_id::bigint)
    WHEN entity = 'topup' THEN (SELECT userto_id FROM topups WHERE id = entity_id::bigint)
    WHEN entity = 'member_plan' THEN (SELECT user_id FROM member_plans WHERE id = entity_id::bigint)
    WHEN entity = 'leadership' THEN (SELECT user_id FROM leadership WHERE id = entity_id::bigint)
    WHEN entity = 'approval' THEN (SELECT member_id FROM approvals WHERE id = entity_id::bigint)
    ELSE NULL
  END
$$;

UPDATE audit_log SET member_id = audit_member_of(entity, entity_id);

CREATE FUNCTION audit_log_fill_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_id IS NULL THEN
    NEW.member_id := audit_member_of(NEW.entity, NEW.entity_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER audit_log_member BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_fill_member();

-- Written once, never changed: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- One index per filter, each in id order, so a page is one range scan however large the log grows.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_member_idx ON audit_log (member_id, id DESC) WHERE member_id IS NOT NULL;
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_entity_id_idx ON audit_log (entity, id DESC);
CREATE INDEX audit_log_record_idx ON audit_log (entity, entity_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
DROP INDEX audit_log_entity_idx;
