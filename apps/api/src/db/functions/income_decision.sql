-- income_decision: its live definition (decision 0057: edit this file; no migration needed).
-- The earning-cap decision (business-rules 5; decision 0063), the one home of its rule and of the reasons a member
-- reads: what to pay of p_amount (0 when skipped), why not all of it, the cap and the earnings before. Pure: it is
-- given the member's row (p_found false when there is none or it is deleted), so a set-based job (the salary)
-- decides for every member in its own statement and the claim (roi_claim.sql) for the member and for all the
-- uplines in one each, inlined by the planner; income_decide.sql reads one member's row for creditIncome
-- (income.service.ts: top-up's direct income, rewards, bonuses).
--
-- In order: member not found, the feature switched off, blocked, inactive, the income's own status closed (p_gate
-- 'roi' or 'level'), then the cap: plan x p_cap_multiplier (units, rounded half away from zero as @sgx/money's
-- mulDiv), p_cap_multiplier NULL for income outside the cap (CTO). Paid: what remains under the cap, at most
-- p_amount; cut short, the reason says so. p_source_name names the member whose action caused the income (a
-- direct's plan for p_feature 'direct', a downline's claim for 'level'): the reason is then said from the owner's
-- side. The cap and the earnings before are NULL when a reason before the cap refused it. closes: this payment
-- reaches the cap (paid something, and the earnings before plus it are at least the cap), so the caller closes the
-- member's ROI and level income with it (every caller: the claim, the salary, creditIncome).
-- The result gained closes: the old shape is dropped first (income_decide.sql, which returns it, is re-made too).
DROP FUNCTION IF EXISTS income_decision(bigint, text, boolean, text, bigint, text, boolean, text, text, text, text, bigint, bigint);
CREATE OR REPLACE FUNCTION public.income_decision(p_amount bigint, p_feature text, p_feature_on boolean, p_gate text, p_cap_multiplier bigint, p_source_name text, p_found boolean, p_status text, p_is_active text, p_roi_status text, p_level_status text, p_active_plan bigint, p_total_earned bigint)
 RETURNS TABLE(pay bigint, reason text, cap bigint, earned bigint, closes boolean)
 LANGUAGE sql
 IMMUTABLE ROWS 1
AS $function$
  SELECT CASE WHEN p_amount <= 0 OR r.refused IS NOT NULL THEN 0
              WHEN p_cap_multiplier IS NULL THEN p_amount
              ELSE greatest(least(p_amount, r.room), 0) END::bigint,
         CASE WHEN p_amount <= 0 THEN NULL
              WHEN r.refused IS NOT NULL THEN r.refused
              WHEN r.room <= 0 THEN
                CASE WHEN p_active_plan = 0
                  THEN coalesce('You held no plan when ' || r.cause || ' (the activation fee alone earns no income), so '
                                || r.what || ' was not paid.', 'member has no plan')
                  ELSE 'earning cap reached' END
              WHEN r.room < p_amount THEN 'cut at the earning cap' END,
         CASE WHEN p_amount > 0 AND r.refused IS NULL THEN r.cap END,
         CASE WHEN p_amount > 0 AND p_found THEN p_total_earned END,
         coalesce(p_amount > 0 AND r.refused IS NULL AND p_cap_multiplier IS NOT NULL AND r.room > 0
                  AND p_amount >= r.room, false)
  FROM (
    SELECT c.cap, c.cap - p_total_earned AS room, t.cause, t.what,
      CASE
        WHEN p_amount <= 0 THEN NULL
        WHEN NOT p_found THEN 'member not found'
        WHEN NOT p_feature_on THEN p_feature || ' income is switched off'
        WHEN p_status = 'block' THEN
          coalesce('Your account was blocked when ' || t.cause_blocked || ', so ' || t.what || ' was not paid.',
                   'member is blocked')
        WHEN p_is_active <> 'active' THEN
          coalesce('You had no active plan when ' || t.cause || ', so ' || t.what || ' was not paid.',
                   'member is inactive')
        WHEN p_gate = 'roi' AND p_roi_status = 'close' THEN 'ROI income is closed for this member'
        WHEN p_gate = 'level' AND p_level_status = 'close' THEN 'level income is closed for this member'
      END AS refused
    FROM (SELECT sgx_mul_div(p_active_plan, p_cap_multiplier, 100000000) AS cap) c,
         (SELECT CASE p_feature WHEN 'direct' THEN p_source_name || ' bought theirs'
                                WHEN 'level' THEN p_source_name || ' claimed their daily income' END AS cause,
                 CASE p_feature WHEN 'direct' THEN p_source_name || ' bought their plan'
                                WHEN 'level' THEN p_source_name || ' claimed their daily income' END AS cause_blocked,
                 CASE p_feature WHEN 'direct' THEN 'this direct income'
                                WHEN 'level' THEN 'this level income' END AS what) t
    -- Computed once a decision: without the fence the planner copies r's columns (the cap, the refusal) into
    -- every expression that reads them, and the cap's division ran up to seven times (decision 0066).
    OFFSET 0
  ) r
$function$;
