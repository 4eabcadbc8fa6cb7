-- audit_member_of: its live definition (decision 0057: edit this file; no migration needed).
-- The member an entry concerns, from its record: a member's own record, or the member of a withdrawal,
-- deposit, top-up, plan, reward, leadership entry, approval or sanctions hit. NULL for platform records (plans, settings).
CREATE OR REPLACE FUNCTION public.audit_member_of(entity text, entity_id text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE
    WHEN entity_id IS NULL OR entity_id !~ '^[0-9]{1,18}$' THEN NULL
    WHEN entity = 'user' THEN entity_id::bigint
    WHEN entity = 'withdrawal' THEN (SELECT user_id FROM withdrawals WHERE id = entity_id::bigint)
    WHEN entity = 'deposit' THEN (SELECT user_id FROM deposits WHERE id = entity_id::bigint)
    WHEN entity = 'topup' THEN (SELECT userto_id FROM topups WHERE id = entity_id::bigint)
    WHEN entity = 'member_plan' THEN (SELECT user_id FROM member_plans WHERE id = entity_id::bigint)
    WHEN entity = 'leadership' THEN (SELECT user_id FROM leadership WHERE id = entity_id::bigint)
    WHEN entity = 'approval' THEN (SELECT member_id FROM approvals WHERE id = entity_id::bigint)
    WHEN entity = 'sanctions_hit' THEN (SELECT member_id FROM sanctions_hits WHERE id = entity_id::bigint)
    ELSE NULL
  END
$function$;
