-- The audit trail people can search (decision 0042): every entry names the member it concerns,
-- entries cannot be changed or deleted (by anyone, through any role), and the searches by actor, member,
-- kind, record and date are each one index range in id order (keyset paging).

ALTER TABLE audit_log ADD COLUMN member_id bigint;

-- audit_member_of: now in functions/audit_member_of.sql (decision 0057).

-- (audit_member_of(entity, entity_id) as it was then, written out: decision 0057.)
UPDATE audit_log SET member_id = CASE
    WHEN entity_id IS NULL OR entity_id !~ '^[0-9]{1,18}$' THEN NULL
    WHEN entity = 'user' THEN entity_id::bigint
    WHEN entity = 'withdrawal' THEN (SELECT user_id FROM withdrawals WHERE id = entity_id::bigint)
    WHEN entity = 'deposit' THEN (SELECT user_id FROM deposits WHERE id = entity_id::bigint)
    WHEN entity = 'topup' THEN (SELECT userto_id FROM topups WHERE id = entity_id::bigint)
    WHEN entity = 'member_plan' THEN (SELECT user_id FROM member_plans WHERE id = entity_id::bigint)
    WHEN entity = 'leadership' THEN (SELECT user_id FROM leadership WHERE id = entity_id::bigint)
    WHEN entity = 'approval' THEN (SELECT member_id FROM approvals WHERE id = entity_id::bigint)
    ELSE NULL
  END;

-- audit_log_fill_member: now in functions/audit_log_fill_member.sql (decision 0057).
-- audit_log.audit_log_member: now in triggers/audit_log.audit_log_member.sql (decision 0057).

-- audit_log_refuse_change: now in functions/audit_log_refuse_change.sql (decision 0057).
-- audit_log.audit_log_immutable: now in triggers/audit_log.audit_log_immutable.sql (decision 0057).
-- audit_log.audit_log_no_truncate: now in triggers/audit_log.audit_log_no_truncate.sql (decision 0057).

-- One index per filter, each in id order, so a page is one range scan however large the log grows.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_member_idx ON audit_log (member_id, id DESC) WHERE member_id IS NOT NULL;
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_entity_id_idx ON audit_log (entity, id DESC);
CREATE INDEX audit_log_record_idx ON audit_log (entity, entity_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
DROP INDEX audit_log_entity_idx;
