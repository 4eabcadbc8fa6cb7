-- identity_limit_used: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0073: what a member used of one identity limit (a key of the `identityLevels` setting) in its window, in
-- 10^-8 units; the windows' one home, read by identity_limit_check.sql and by GET /identity/limits:
--   depositDay       deposits credited in the last 24 hours (decided_at; a deposit to the member's own address too)
--   withdrawalDay    withdrawals requested in the last 24 hours, not declined (cancelled and rejected are declined)
--   withdrawalMonth  the same in the last 30 days
--   transferDay      transfers sent to other members (kind touser) in the last 24 hours
--   largestPlan      the member's active plan (the top-up adds its amount to it)
-- Each sum is read from an index of migration 0083.
CREATE OR REPLACE FUNCTION public.identity_limit_used(p_user bigint, p_key text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE p_key
    WHEN 'withdrawalDay' THEN (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w
      WHERE w.user_id = p_user AND w.status <> 'decline' AND w.created_at > now() - interval '24 hours')
    WHEN 'withdrawalMonth' THEN (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w
      WHERE w.user_id = p_user AND w.status <> 'decline' AND w.created_at > now() - interval '30 days')
    WHEN 'depositDay' THEN (SELECT coalesce(sum(coalesce(d.credited_amount, d.amount)), 0) FROM deposits d
      WHERE d.user_id = p_user AND d.status = 'complete' AND d.decided_at > now() - interval '24 hours')
    WHEN 'transferDay' THEN (SELECT coalesce(sum(t.amount), 0) FROM transfers t
      WHERE t.user_id = p_user AND t.kind = 'touser' AND t.created_at > now() - interval '24 hours')
    WHEN 'largestPlan' THEN (SELECT coalesce(sum(mp.amount), 0) FROM member_plans mp
      WHERE mp.user_id = p_user AND mp.status = 'active')
    ELSE 0::bigint END
$function$;
