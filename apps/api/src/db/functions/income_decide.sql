-- income_decide: its live definition (decision 0057: edit this file; no migration needed).
-- creditIncome's decision (income.service.ts) for capped income, on a member row the caller has locked, without
-- writing: what to pay (0 when skipped), why not (the reason recorded and shown), the cap and the earnings before.
-- p_source_name: the member whose claim caused a level income (the owner-side reasons), NULL for one's own ROI.
CREATE OR REPLACE FUNCTION public.income_decide(p_user bigint, p_amount bigint, p_feature text, p_feature_on boolean, p_gate text, p_cap_multiplier bigint, p_source_name text)
 RETURNS TABLE(pay bigint, reason text, cap bigint, earned bigint)
 LANGUAGE plpgsql
 STABLE ROWS 1
AS $function$
#variable_conflict use_column
DECLARE
  u record;
  v_reason text;
  v_cap bigint;
  v_when text := p_source_name || ' claimed their daily income';
BEGIN
  IF p_amount <= 0 THEN
    RETURN QUERY SELECT 0::bigint, NULL::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  SELECT x.status, x.is_active, x.roi_status, x.level_status, x.active_plan, x.total_earned, x.deleted_at INTO u
  FROM users x WHERE x.id = p_user;
  IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
    v_reason := 'member not found';
  ELSIF NOT p_feature_on THEN
    v_reason := p_feature || ' income is switched off';
  ELSIF u.status = 'block' THEN
    v_reason := coalesce('Your account was blocked when ' || v_when || ', so this level income was not paid.',
                         'member is blocked');
  ELSIF u.is_active <> 'active' THEN
    v_reason := coalesce('You had no active plan when ' || v_when || ', so this level income was not paid.',
                         'member is inactive');
  ELSIF p_gate = 'roi' AND u.roi_status = 'close' THEN
    v_reason := 'ROI income is closed for this member';
  ELSIF p_gate = 'level' AND u.level_status = 'close' THEN
    v_reason := 'level income is closed for this member';
  ELSE
    v_cap := sgx_mul_div(u.active_plan, p_cap_multiplier, 100000000);
    IF v_cap - u.total_earned <= 0 THEN
      v_reason := CASE WHEN u.active_plan = 0
        THEN coalesce('You held no plan when ' || v_when
                      || ' (the activation fee alone earns no income), so this level income was not paid.',
                      'member has no plan')
        ELSE 'earning cap reached' END;
    END IF;
  END IF;
  IF v_reason IS NOT NULL THEN
    RETURN QUERY SELECT 0::bigint, v_reason, v_cap, u.total_earned;
  ELSE
    RETURN QUERY SELECT least(p_amount, v_cap - u.total_earned), NULL::text, v_cap, u.total_earned;
  END IF;
END $function$;
