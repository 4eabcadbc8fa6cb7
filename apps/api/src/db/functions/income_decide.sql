-- income_decide: its live definition (decision 0057: edit this file; no migration needed).
-- The earning-cap decision (income_decision.sql, decision 0063) for one member, read from their row, which the
-- caller has locked: creditIncome (income.service.ts) for direct income, rewards and bonuses. It writes nothing.
-- (roi_claim.sql reads its members' rows itself and decides for them with income_decision in two statements.) p_cap_multiplier NULL: income outside the cap (CTO).
-- The result gained closes (income_decision.sql): the old shape is dropped first.
DROP FUNCTION IF EXISTS income_decide(bigint, bigint, text, boolean, text, bigint, text);
CREATE OR REPLACE FUNCTION public.income_decide(p_user bigint, p_amount bigint, p_feature text, p_feature_on boolean, p_gate text, p_cap_multiplier bigint, p_source_name text)
 RETURNS TABLE(pay bigint, reason text, cap bigint, earned bigint, closes boolean)
 LANGUAGE sql
 STABLE ROWS 1
AS $function$
  SELECT d.pay, d.reason, d.cap, d.earned, d.closes
  FROM (SELECT 1) AS one
  LEFT JOIN users x ON x.id = p_user AND x.deleted_at IS NULL
  CROSS JOIN LATERAL income_decision(p_amount, p_feature, p_feature_on, p_gate, p_cap_multiplier, p_source_name,
                                     x.id IS NOT NULL, x.status, x.is_active, x.roi_status, x.level_status,
                                     x.active_plan, x.total_earned) AS d
$function$;
