-- simulate_replay: its live definition (decision 0057: edit this file; no migration needed).
-- The plan-change simulator's replay (decision 0069): the real history of [p_from, p_to) (the ROI claims, the plans
-- bought, the sponsor tree, the salary and rewards credited) paid again under rule versions p_versions, set-based.
--
-- p_versions: a JSON array, oldest first, of {from_at (null: from the start), cap (the cap multiple in units),
-- level_rates (10 texts, units), level_unlock (10 integers), roi_on, level_on, direct_on, plans: [{id, roi_day,
-- sponsor_bonus} in units]}; an event is paid under the version in force at its time (the greatest from_at <= it).
-- A plan a version does not name keeps the plans table's rates.
--
-- Every member's capped income is one sequence in time order: their ROI claims (their active plan at the claim x
-- the rate of their latest plan, as roi_claim.sql), the level income of their downlines' claims (the ROI the
-- replay paid the downline x the level's rate, when their active directs then unlock the level), the direct income
-- of their directs' plans (the plan's amount x its sponsor bonus), and the salary and rewards credited to them
-- (carried: their recorded due). The cap is a window over the sequence: paid_i = min(cap, E + S_i) - min(cap,
-- E + S_(i-1)) (never below what was earned), S the cumulative dues, E what was earned when the segment began;
-- segments begin where a plan bought or ended, or a new version, moves the cap. A level's due depends on the ROI
-- the downline was paid, which depends on the downline's own sequence: the replay pays every sequence, recomputes
-- the level dues from the ROI paid and pays again only the members whose dues moved, until nothing moves (every
-- dependency points to an earlier claim up the tree, so it ends; p_max_rounds guards it).
--
-- What a member's state refused (blocked, inactive, not found) has no history: it is read from the refusal the
-- real event recorded (income_skips), whatever the rules; refusals the rules decide (the cap, a closed income, a
-- locked level, a switched-off income) are decided again.
--
-- Answers per member and income type: the dues, what the replay paid, and whether the cap cut any of it.
CREATE OR REPLACE FUNCTION public.simulate_replay(p_from timestamp with time zone, p_to timestamp with time zone, p_versions jsonb, p_capped text[], p_max_rounds integer DEFAULT 200)
 RETURNS TABLE(member_id bigint, income_type text, due bigint, paid bigint, cut boolean)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  k constant bigint := 100000000;
  v_round integer := 0;
  v_changed bigint;
  v_max_seg integer;
BEGIN
  DROP TABLE IF EXISTS sim_v, sim_vp, sim_ph, sim_start, sim_act, sim_refused, sim_raw, sim_ev, sim_seg, sim_pay,
    sim_guess, sim_dirty, sim_moved;

  -- The versions, each with the time it stops being in force.
  CREATE TEMP TABLE sim_v ON COMMIT DROP AS
  SELECT x.o::integer AS n, coalesce((x.v ->> 'from_at')::timestamptz, '-infinity'::timestamptz) AS from_at,
         (x.v ->> 'cap')::bigint AS cap,
         ARRAY(SELECT r::bigint FROM jsonb_array_elements_text(x.v -> 'level_rates') r) AS level_rates,
         ARRAY(SELECT r::integer FROM jsonb_array_elements_text(x.v -> 'level_unlock') r) AS level_unlock,
         (x.v ->> 'roi_on')::boolean AS roi_on, (x.v ->> 'level_on')::boolean AS level_on,
         (x.v ->> 'direct_on')::boolean AS direct_on, 'infinity'::timestamptz AS until_at
  FROM jsonb_array_elements(p_versions) WITH ORDINALITY AS x (v, o);
  UPDATE sim_v a SET until_at = b.next
  FROM (SELECT n, lead(from_at, 1, 'infinity'::timestamptz) OVER (ORDER BY from_at, n) AS next FROM sim_v) b
  WHERE b.n = a.n;
  CREATE TEMP TABLE sim_vp ON COMMIT DROP AS
  SELECT v.n, p.id AS plan_id,
         coalesce((x.e ->> 'roi_day')::bigint, p.roi_day) AS roi_day,
         coalesce((x.e ->> 'sponsor_bonus')::bigint, p.sponsor_bonus) AS sponsor_bonus
  FROM sim_v v CROSS JOIN plans p
  LEFT JOIN LATERAL (
    SELECT e FROM jsonb_array_elements(p_versions -> (v.n - 1) -> 'plans') e WHERE (e ->> 'id')::bigint = p.id LIMIT 1
  ) x ON true;
  CREATE UNIQUE INDEX ON sim_vp (n, plan_id);

  -- What moved a member's plan since the window began: plans bought (topups but the activation fee) and ended.
  CREATE TEMP TABLE sim_ph ON COMMIT DROP AS
  SELECT t.userto_id AS member_id, t.created_at AS at, t.amount AS delta, t.plan_id, t.id AS ref
  FROM topups t WHERE t.kind <> 'entry' AND t.created_at >= p_from
  UNION ALL
  SELECT mp.user_id, mp.ended_at, -mp.amount, NULL::bigint, mp.id
  FROM member_plans mp WHERE mp.ended_at >= p_from;

  -- Each member at the window's start, derived back from their row: the active plan (less what moved it since),
  -- the plan whose rate their claims read, and the earnings towards the cap (total_earned less the capped income
  -- credited since, as reconcile counts it: equal to the ledger's capped credits before the window).
  CREATE TEMP TABLE sim_start ON COMMIT DROP AS
  WITH moved AS (SELECT h.member_id, sum(h.delta)::bigint AS delta FROM sim_ph h GROUP BY h.member_id),
  later AS (
    SELECT a.owner_id, sum(e.amount)::bigint AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.created_at >= p_from AND t.income_type = ANY(p_capped)
    GROUP BY a.owner_id
  )
  SELECT u.id AS member_id, (u.active_plan - coalesce(m.delta, 0))::bigint AS plan0,
         CASE WHEN m.member_id IS NULL THEN u.plan_id
              ELSE (SELECT t.plan_id FROM topups t WHERE t.userto_id = u.id AND t.kind <> 'entry' AND t.created_at < p_from
                    ORDER BY t.created_at DESC LIMIT 1) END AS plan_id0,
         (u.total_earned - coalesce(l.amount, 0))::bigint AS earned0
  FROM users u LEFT JOIN moved m ON m.member_id = u.id LEFT JOIN later l ON l.owner_id = u.id;
  CREATE UNIQUE INDEX ON sim_start (member_id);

  -- Directs that became active since the window began (their first top-up or activation fee), by sponsor.
  CREATE TEMP TABLE sim_act ON COMMIT DROP AS
  SELECT r.sponsor_id AS up, f.at
  FROM (SELECT t.userto_id, min(t.created_at) AS at FROM topups t WHERE t.created_at >= p_from GROUP BY t.userto_id) f
  JOIN users r ON r.id = f.userto_id AND r.sponsor_id IS NOT NULL
  WHERE NOT EXISTS (SELECT 1 FROM topups b WHERE b.userto_id = f.userto_id AND b.created_at < p_from);
  CREATE INDEX ON sim_act (up, at);

  -- What the member's state refused, as the real event recorded it (not the rules' refusals).
  CREATE TEMP TABLE sim_refused ON COMMIT DROP AS
  SELECT split_part(s.cause_key, ':', 1) AS kind,
         CASE split_part(s.cause_key, ':', 1)
           WHEN 'roi' THEN (SELECT c.id FROM roi_claims c WHERE c.user_id = s.user_id
                             AND c.business_date = split_part(s.cause_key, ':', 3)::date)
           ELSE split_part(s.cause_key, ':', 2)::bigint END AS ref,
         CASE WHEN split_part(s.cause_key, ':', 1) = 'level' THEN split_part(s.cause_key, ':', 3)::integer END AS lvl
  FROM income_skips s
  WHERE s.created_at >= p_from AND s.created_at < p_to
    AND split_part(s.cause_key, ':', 1) IN ('roi', 'level', 'direct') AND s.cause_key NOT LIKE '%:over-cap'
    AND s.reason NOT IN ('earning cap reached', 'cut at the earning cap', 'member has no plan',
                         'ROI income is closed for this member', 'level income is closed for this member')
    AND s.reason NOT LIKE 'You held no plan when%' AND s.reason NOT LIKE 'At level % you need %'
    AND s.reason NOT LIKE '% income is switched off';
  CREATE INDEX ON sim_refused (kind, ref, lvl);

  -- Every event of the window, with the version in force at its time. ord: a plan's change first, then ROI, level,
  -- direct, carried (one member has at most one event of a real transaction, so the order within a time is moot).
  CREATE TEMP TABLE sim_raw ON COMMIT DROP AS
  WITH RECURSIVE claims AS (
    SELECT c.id, c.user_id, c.created_at AS at, v.n, v.level_rates, v.level_unlock, v.level_on,
           (NOT v.roi_on OR EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'roi' AND f.ref = c.id)) AS refused
    FROM roi_claims c JOIN sim_v v ON c.created_at >= v.from_at AND c.created_at < v.until_at
    WHERE c.created_at >= p_from AND c.created_at < p_to
  ), claimers AS (SELECT DISTINCT user_id FROM claims),
  up (src, up, lvl) AS (
    SELECT u.id, u.sponsor_id, 1 FROM claimers c JOIN users u ON u.id = c.user_id WHERE u.sponsor_id IS NOT NULL
    UNION ALL
    SELECT up.src, u.sponsor_id, up.lvl + 1 FROM up JOIN users u ON u.id = up.up
    WHERE u.sponsor_id IS NOT NULL AND up.lvl < 10
  ), directs0 AS (
    SELECT x.id AS up, (x.active_directs - (SELECT count(*) FROM sim_act a WHERE a.up = x.id))::integer AS d0
    FROM users x WHERE x.id IN (SELECT DISTINCT up FROM up)
  )
  SELECT h.member_id, h.at, 0 AS ord, 'plan'::text AS kind, h.ref, 0 AS lvl, v.n AS v, NULL::bigint AS rate,
         NULL::bigint AS base, 0::bigint AS due, false AS refused, h.delta, h.plan_id
  FROM sim_ph h JOIN sim_v v ON h.at >= v.from_at AND h.at < v.until_at
  WHERE h.at < p_to
  UNION ALL
  SELECT c.user_id, c.at, 1, 'roi', c.id, 0, c.n, NULL, NULL, NULL, c.refused, 0, NULL
  FROM claims c
  UNION ALL
  SELECT l.up, c.at, 2, 'level', c.id, l.lvl, c.n, c.level_rates[l.lvl], NULL, 0, false, 0, NULL
  FROM claims c JOIN up l ON l.src = c.user_id
  JOIN directs0 d ON d.up = l.up
  -- A level without a rate, switched off, locked by the directs then, or refused by the upline's state pays
  -- nothing under these rules: it is left out of the sequence.
  WHERE c.level_on AND c.level_rates[l.lvl] IS NOT NULL AND c.level_unlock[l.lvl] IS NOT NULL
    AND c.level_rates[l.lvl] > 0
    AND (d.d0 >= c.level_unlock[l.lvl]
         OR d.d0 + (SELECT count(*) FROM sim_act a WHERE a.up = l.up AND a.at <= c.at) >= c.level_unlock[l.lvl])
    AND NOT EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'level' AND f.ref = c.id AND f.lvl = l.lvl)
  UNION ALL
  SELECT r.sponsor_id, t.created_at, 3, 'direct', t.id, 0, v.n, p.sponsor_bonus, t.amount,
         sgx_mul_div(t.amount, p.sponsor_bonus, 100 * k),
         NOT v.direct_on OR EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'direct' AND f.ref = t.id), 0, NULL
  FROM topups t JOIN users r ON r.id = t.userto_id AND r.sponsor_id IS NOT NULL
  JOIN sim_v v ON t.created_at >= v.from_at AND t.created_at < v.until_at
  JOIN sim_vp p ON p.n = v.n AND p.plan_id = t.plan_id
  WHERE t.kind <> 'entry' AND t.created_at >= p_from AND t.created_at < p_to
  UNION ALL
  -- Carried: the salary and rewards credited, at their recorded due (through the cap like the rest).
  SELECT a.owner_id, t.created_at, 4, t.income_type, t.id, 0, v.n, NULL, NULL,
         coalesce((t.details ->> 'due')::bigint, e.amount), false, 0, NULL
  FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
  JOIN sim_v v ON t.created_at >= v.from_at AND t.created_at < v.until_at
  WHERE t.created_at >= p_from AND t.created_at < p_to AND t.income_type = ANY(p_capped)
    AND t.income_type NOT IN ('roi_income', 'level_month', 'direct_income');

  -- Each event in its member's order, with the plan then, the cap then and its segment; ROI's due.
  CREATE TEMP TABLE sim_ev ON COMMIT DROP AS
  SELECT q.*, sgx_mul_div(q.active_plan, v.cap, k) AS cap,
         dense_rank() OVER (PARTITION BY q.member_id ORDER BY q.seg, q.v)::integer AS sidx
  FROM (
    SELECT r.member_id, r.at, r.ord, r.kind, r.ref, r.lvl, r.v, r.refused, r.plan_id AS marker_plan,
           CASE WHEN r.kind = 'roi' THEN NULL ELSE r.due END AS due,
           row_number() OVER w AS pos,
           count(*) FILTER (WHERE r.kind = 'plan') OVER w AS seg,
           (s.plan0 + sum(r.delta) OVER w)::bigint AS active_plan,
           s.plan_id0, r.rate
    FROM sim_raw r JOIN sim_start s ON s.member_id = r.member_id
    WINDOW w AS (PARTITION BY r.member_id ORDER BY r.at, r.ord = 0 DESC, r.ref, r.ord, r.lvl ROWS UNBOUNDED PRECEDING)
  ) q JOIN sim_v v ON v.n = q.v;
  -- The plan whose rate a claim reads: the one the segment's change named (or the member's at the start).
  UPDATE sim_ev e SET due = CASE WHEN e.refused THEN 0 ELSE sgx_mul_div(e.active_plan, p.roi_day, 100 * k) END,
                      rate = p.roi_day
  FROM (SELECT x.member_id, x.pos,
               CASE WHEN x.seg = 0 THEN x.plan_id0
                    ELSE (SELECT m.marker_plan FROM sim_ev m WHERE m.member_id = x.member_id AND m.kind = 'plan'
                          AND m.pos < x.pos ORDER BY m.pos DESC LIMIT 1) END AS plan_id, x.v
        FROM sim_ev x WHERE x.kind = 'roi') c
  LEFT JOIN sim_vp p ON p.plan_id = c.plan_id AND p.n = c.v
  WHERE e.kind = 'roi' AND e.member_id = c.member_id AND e.pos = c.pos;
  UPDATE sim_ev SET due = 0 WHERE due IS NULL;
  CREATE INDEX ON sim_ev (member_id, sidx, pos);
  CREATE INDEX ON sim_ev (ref) WHERE kind = 'level';

  -- The segments: their cap, and what was earned when each began (computed below).
  CREATE TEMP TABLE sim_seg ON COMMIT DROP AS
  SELECT e.member_id, e.sidx, min(e.cap) AS cap, 0::bigint AS dsum, NULL::bigint AS e_start
  FROM sim_ev e GROUP BY e.member_id, e.sidx;
  CREATE UNIQUE INDEX ON sim_seg (member_id, sidx);
  SELECT coalesce(max(sidx), 1) INTO v_max_seg FROM sim_seg;

  -- The ROI each claim is assumed to pay (its due at first), from which its levels' dues are computed.
  CREATE TEMP TABLE sim_guess ON COMMIT DROP AS
  SELECT e.ref, CASE WHEN e.refused THEN 0 ELSE e.due END AS pay FROM sim_ev e WHERE e.kind = 'roi';
  CREATE UNIQUE INDEX ON sim_guess (ref);
  UPDATE sim_ev l SET due = sgx_mul_div(g.pay, l.rate, 100 * k) FROM sim_guess g WHERE l.kind = 'level' AND g.ref = l.ref;
  CREATE TEMP TABLE sim_dirty ON COMMIT DROP AS SELECT DISTINCT e.member_id FROM sim_ev e;
  CREATE UNIQUE INDEX ON sim_dirty (member_id);
  CREATE TEMP TABLE sim_pay (member_id bigint, kind text, ref bigint, lvl integer, due bigint, pay bigint,
                             refused boolean) ON COMMIT DROP;

  LOOP
    v_round := v_round + 1;
    IF v_round > p_max_rounds THEN
      RAISE EXCEPTION 'The replay did not settle in % rounds.', p_max_rounds;
    END IF;
    -- The dirty members' segments: their dues, then what each began with, segment after segment.
    UPDATE sim_seg s SET dsum = 0, e_start = CASE WHEN s.sidx = 1 THEN st.earned0 END
    FROM sim_dirty x JOIN sim_start st ON st.member_id = x.member_id
    WHERE s.member_id = x.member_id;
    UPDATE sim_seg s SET dsum = d.dsum
    FROM (SELECT e.member_id, e.sidx, sum(e.due) FILTER (WHERE NOT e.refused)::bigint AS dsum
          FROM sim_ev e JOIN sim_dirty y ON y.member_id = e.member_id GROUP BY e.member_id, e.sidx) d
    WHERE s.member_id = d.member_id AND s.sidx = d.sidx AND d.dsum IS NOT NULL;
    FOR i IN 2..v_max_seg LOOP
      UPDATE sim_seg s SET e_start = greatest(b.e_start, least(b.cap, b.e_start + b.dsum))
      FROM sim_seg b JOIN sim_dirty x ON x.member_id = b.member_id
      WHERE b.sidx = i - 1 AND s.member_id = b.member_id AND s.sidx = i;
    END LOOP;
    -- Their payments: the cap as a window over each segment's cumulative dues.
    DELETE FROM sim_pay p USING sim_dirty x WHERE p.member_id = x.member_id;
    INSERT INTO sim_pay
    SELECT w.member_id, w.kind, w.ref, w.lvl, w.due,
           (greatest(w.e_start, least(w.cap, w.e_start + w.cum)) - greatest(w.e_start, least(w.cap, w.e_start + w.cum - w.eff)))::bigint,
           w.refused
    FROM (
      SELECT e.member_id, e.kind, e.ref, e.lvl, e.due, e.refused, s.cap, s.e_start,
             CASE WHEN e.refused THEN 0 ELSE e.due END AS eff,
             sum(CASE WHEN e.refused THEN 0 ELSE e.due END) OVER (PARTITION BY e.member_id, e.sidx ORDER BY e.pos) AS cum
      FROM sim_ev e JOIN sim_dirty x ON x.member_id = e.member_id
      JOIN sim_seg s ON s.member_id = e.member_id AND s.sidx = e.sidx
      WHERE e.kind <> 'plan'
    ) w;
    -- The claims whose ROI paid moved: their levels' dues move, and their uplines are paid again.
    DROP TABLE IF EXISTS sim_moved;
    CREATE TEMP TABLE sim_moved ON COMMIT DROP AS
    SELECT p.ref, p.pay FROM sim_pay p JOIN sim_dirty x ON x.member_id = p.member_id
    JOIN sim_guess g ON g.ref = p.ref
    WHERE p.kind = 'roi' AND g.pay <> p.pay;
    SELECT count(*) INTO v_changed FROM sim_moved;
    EXIT WHEN v_changed = 0;
    UPDATE sim_guess g SET pay = m.pay FROM sim_moved m WHERE g.ref = m.ref;
    TRUNCATE sim_dirty;
    WITH moved AS (
      UPDATE sim_ev l SET due = sgx_mul_div(m.pay, l.rate, 100 * k) FROM sim_moved m
      WHERE l.kind = 'level' AND l.ref = m.ref
      RETURNING l.member_id
    ) INSERT INTO sim_dirty SELECT DISTINCT member_id FROM moved;
    ANALYZE sim_dirty;
  END LOOP;

  RETURN QUERY
  SELECT p.member_id,
         CASE p.kind WHEN 'roi' THEN 'roi_income' WHEN 'level' THEN 'level_month' WHEN 'direct' THEN 'direct_income'
                     ELSE p.kind END,
         sum(p.due)::bigint, sum(p.pay)::bigint, bool_or(NOT p.refused AND p.pay < p.due)
  FROM sim_pay p GROUP BY 1, 2;
END $function$;
