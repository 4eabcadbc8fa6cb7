-- identity_limit_check: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0073: the one home of the identity levels' limits. For a member, an action ('deposit', 'withdrawal',
-- 'transfer', 'plan') and an amount, it reads the member's identity level (users.identity_level) and that level's
-- limits for the action from p_limits, the caller's `identityLevels` setting in 10^-8 units (limits.ts
-- identityLimitsParam: an array of levels, each {depositDay, withdrawalDay, withdrawalMonth, largestPlan,
-- transferDay}, a null limit none), and refuses with SX601 when the amount over the window would pass the limit:
--   deposit     deposits credited in the last 24 hours (decided_at) + the amount      <= depositDay
--   withdrawal  withdrawals requested in the last 24 hours / 30 days, not declined
--               (a cancelled or rejected request is declined) + the amount          <= withdrawalDay, withdrawalMonth
--   transfer    transfers sent to other members (kind touser) in the last 24 hours  <= transferDay
--   plan        the amount is the member's plan after the top-up                    <= largestPlan
-- Nothing is summed when the level has no limit for the action (the cheap path of a verified member). With a
-- limit, the member's row is locked first (FOR NO KEY UPDATE: the foreign keys' share locks still pass), so two
-- requests of one member cannot both pass one window; callers lock users before accounts, as the top-ups do.
-- DETAIL: "<action> <window> <limit units> <level> <next level or -> <used units>", the next level the lowest
-- higher one whose limit is none or larger (http/sql-errors.ts SX601; modules/identity-limits/limits.ts).
-- p_limits NULL checks nothing (the A/B benchmark's calls and other callers that predate the limits).
CREATE OR REPLACE FUNCTION public.identity_limit_check(p_user bigint, p_action text, p_amount bigint, p_limits jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_level integer;
  v_field text;
  v_limit bigint;
  v_used bigint;
  v_next integer;
  v_locked boolean := false;
BEGIN
  IF p_limits IS NULL OR p_amount IS NULL OR p_amount <= 0 THEN
    RETURN;
  END IF;
  SELECT u.identity_level INTO v_level FROM users u WHERE u.id = p_user;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOREACH v_field IN ARRAY CASE p_action
      WHEN 'withdrawal' THEN ARRAY['withdrawalDay', 'withdrawalMonth']
      WHEN 'deposit' THEN ARRAY['depositDay']
      WHEN 'transfer' THEN ARRAY['transferDay']
      WHEN 'plan' THEN ARRAY['largestPlan']
      ELSE ARRAY[]::text[] END LOOP
    v_limit := (p_limits -> v_level ->> v_field)::bigint;
    CONTINUE WHEN v_limit IS NULL;
    IF NOT v_locked THEN
      SELECT u.identity_level INTO v_level FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
      v_locked := true;
      v_limit := (p_limits -> v_level ->> v_field)::bigint;
      CONTINUE WHEN v_limit IS NULL;
    END IF;
    v_used := identity_limit_used(p_user, v_field);
    IF v_used + p_amount > v_limit THEN
      SELECT min(l) INTO v_next FROM generate_series(v_level + 1, jsonb_array_length(p_limits) - 1) l
      WHERE (p_limits -> l ->> v_field) IS NULL OR (p_limits -> l ->> v_field)::bigint > v_limit;
      RAISE EXCEPTION 'Over the identity level''s limit.' USING ERRCODE = 'SX601',
        DETAIL = p_action || ' ' || CASE v_field WHEN 'withdrawalMonth' THEN 'month'
                                                 WHEN 'largestPlan' THEN 'plan' ELSE 'day' END
          || ' ' || v_limit || ' ' || v_level || ' ' || coalesce(v_next::text, '-') || ' ' || v_used;
    END IF;
  END LOOP;
END $function$;
