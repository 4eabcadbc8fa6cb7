-- solvency_members: its live definition (decision 0057: edit this file; no migration needed).
-- Each member's figures at a cut-off for the solvency report (decision 0068), in one set-based statement:
--   owed       what the platform owes them (member_liabilities.sql, the proof's rule: balances and withdrawals
--              waiting);
--   principal  their plans active at the cut-off (started before it, not ended before it);
--   deposited  the deposits credited to them before the cut-off (complete, their credited amount: as the activity
--              rollups count deposits);
--   withdrawn  what their withdrawals paid them (complete before the cut-off, net of the fee: what they received);
--   headroom   what they can still earn under the earning cap: income_decision.sql itself (never a copy of the cap
--              rule) asked to pay an unbounded amount, with the plan and the earnings at the cut-off (earnings: the
--              capped income credited to their working and non-working accounts, as reconcile counts
--              total_earned, less what was credited at or after the cut-off); 0 for a blocked, inactive or deleted
--              member (income_decision refuses them);
--   roi_room   the part of the headroom their own daily ROI fills within p_horizon_days (their plan's rate, as
--              roi_claim.sql reads it: users.plan_id) when their ROI is open; the rest only team income can fill.
-- The member rows' states (blocked, active, ROI open) are read as they are: they keep no history (decision 0068).
CREATE OR REPLACE FUNCTION public.solvency_members(p_cutoff timestamp with time zone, p_cap_multiplier bigint, p_horizon_days integer, p_capped text[])
 RETURNS TABLE(member_id bigint, join_month date, owed bigint, principal bigint, deposited bigint, withdrawn bigint, headroom bigint, roi_room bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH later AS (
    SELECT t.income_type, e.account_id, e.amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.created_at >= p_cutoff
  ), earned_later AS (
    SELECT a.owner_id, sum(l.amount)::bigint AS amount
    FROM later l JOIN ledger_accounts a ON a.id = l.account_id AND a.kind IN ('working', 'non_working')
    WHERE l.income_type = ANY(p_capped)
    GROUP BY a.owner_id
  ), deposited AS (
    SELECT d.user_id AS owner_id, sum(d.credited_amount)::bigint AS amount FROM deposits d
    WHERE d.status = 'complete' AND d.decided_at < p_cutoff
    GROUP BY d.user_id
  ), held_plans AS (
    SELECT mp.user_id, sum(mp.amount)::bigint AS amount FROM member_plans mp
    WHERE mp.started_at < p_cutoff AND (mp.ended_at IS NULL OR mp.ended_at >= p_cutoff)
    GROUP BY mp.user_id
  ), withdrawn AS (
    SELECT w.user_id, sum(w.net)::bigint AS amount FROM withdrawals w
    WHERE w.status = 'complete' AND w.decided_at < p_cutoff
    GROUP BY w.user_id
  )
  SELECT o.member_id, date_trunc('month', u.created_at, 'UTC')::date,
         o.usd, coalesce(pl.amount, 0), coalesce(dp.amount, 0), coalesce(wd.amount, 0),
         coalesce(d.pay, 0), coalesce(least(d.pay, CASE WHEN u.roi_status = 'open'
           THEN sgx_mul_div(coalesce(pl.amount, 0), p.roi_day * p_horizon_days, 10000000000) ELSE 0 END), 0)
  FROM member_liabilities(p_cutoff) o
  JOIN users u ON u.id = o.member_id
  LEFT JOIN held_plans pl ON pl.user_id = u.id
  LEFT JOIN deposited dp ON dp.owner_id = u.id
  LEFT JOIN withdrawn wd ON wd.user_id = u.id
  LEFT JOIN earned_later el ON el.owner_id = u.id
  LEFT JOIN plans p ON p.id = u.plan_id
  CROSS JOIN LATERAL income_decision(9000000000000000000, 'roi', true, NULL, p_cap_multiplier, NULL,
                                     u.deleted_at IS NULL, u.status, u.is_active, u.roi_status, u.level_status,
                                     coalesce(pl.amount, 0), (u.total_earned - coalesce(el.amount, 0))::bigint) AS d
$function$;
