-- simulate_replay: its live definition (decision 0057: edit this file; no migration needed).
-- The plan-change simulator's replay (decision 0069): the real history of [p_from, p_to) (the ROI claims, the plans
-- bought, the sponsor tree, the salary and rewards credited) paid again under rule versions p_versions, set-based.
--
-- p_versions: a JSON array, oldest first, of {from_at (null: from the start), cap (the cap multiple in units),
-- level_rates (10 texts, units), level_unlock (10 integers), roi_on, level_on, direct_on, plans: [{id, roi_day,
-- sponsor_bonus} in units]}; an event is paid under the version in force at its time (the greatest from_at <= it).
-- A plan a version does not name keeps the plans table's rates.
--
-- Every member's capped income is one sequence in time order (at, then the event's reference, then ROI, level,
-- direct, carried): their ROI claims (their active plan at the claim x the rate of their latest plan, as
-- roi_claim.sql), the level income of their downlines' claims (the ROI the replay paid the downline x the level's
-- rate, when their active directs then unlock the level), the direct income of their directs' plans (the plan's
-- amount x its sponsor bonus), and the salary and rewards credited to them (carried: their recorded due). The
-- sequence falls into segments where a plan bought or ended, or a new version, moves the cap; within a segment the
-- cap pays each event min(cap, E + S_i) - min(cap, E + S_(i-1)) (never below what was earned), S the cumulative
-- dues, E what was earned when the segment began.
--
-- The shape (decision 0069, "speed"): nothing is expanded one claim at a time unless the cap cuts inside a segment.
-- A claimer's claims in one version and one segment of theirs all pay the same ROI (a "piece": how many, from when
-- to when); a level's due is the piece's count of claims past the level's unlock times the rounded level amount of
-- one claim, so each upline's dues are sums over pieces, not over claims. A segment whose dues fit under its cap is
-- paid in full, one that begins at the cap pays nothing; only a segment the cap crosses has its events listed in
-- time order, and the crossing splits the crossing member's pieces (paid in full before it, the cut claim, nothing
-- after). A claim's level pays what the replay paid the claim, so the members whose pieces moved make their
-- uplines' dues move: those are paid again, round after round, until nothing moves (every dependency points up the
-- tree, so it ends; p_max_rounds guards it). Counting a piece's claims on either side of a time (an unlock, an
-- upline's plan change, a crossing) reads the claimer's sorted claim times, loaded only for the claimers that need it.
--
-- What a member's state refused (blocked, inactive, not found) has no history: it is read from the refusal the
-- real event recorded (income_skips), whatever the rules; refusals the rules decide (the cap, a closed income, a
-- locked level, a switched-off income) are decided again.
--
-- p_bucket: the width of the steps the crossing is searched by (a day; the tests use milliseconds, so that the
-- search has many steps in a window of seconds).
--
-- Answers per member and income type: the dues, what the replay paid, and whether the cap cut any of it.
-- The shape gained p_bucket: the old one is dropped first.
DROP FUNCTION IF EXISTS simulate_replay(timestamptz, timestamptz, jsonb, text[], integer);
CREATE OR REPLACE FUNCTION public.simulate_replay(p_from timestamp with time zone, p_to timestamp with time zone, p_versions jsonb, p_capped text[], p_max_rounds integer DEFAULT 200, p_bucket interval DEFAULT '1 day')
 RETURNS TABLE(member_id bigint, income_type text, due bigint, paid bigint, cut boolean)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  k constant bigint := 100000000;
  us constant interval := interval '1 microsecond';
  v_cuts timestamptz[];
  v_ns integer[];
  v_round integer := 0;
  v_changed bigint;
  -- The sorted claim times of the claimers in sim_need not loaded yet (their window's claims not refused by state).
  v_load_claims constant text := $q$
    INSERT INTO sim_arr
    SELECT x.m, a.ts, a.ids FROM sim_need x
    CROSS JOIN LATERAL (
      SELECT array_agg(c.created_at ORDER BY c.created_at, c.id) AS ts, array_agg(c.id ORDER BY c.created_at, c.id) AS ids
      FROM roi_claims c WHERE c.user_id = x.m AND c.created_at >= $1 AND c.created_at < $2
        AND NOT EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'roi' AND f.ref = c.id)
    ) a
    WHERE NOT EXISTS (SELECT 1 FROM sim_arr y WHERE y.m = x.m)$q$;
  v_days integer := ceil(extract(epoch FROM p_to - p_from) / extract(epoch FROM p_bucket))::integer + 1;
BEGIN
  DROP TABLE IF EXISTS sim_v, sim_vp, sim_ph, sim_mem, sim_refused, sim_lref, sim_cp, sim_sp, sim_arr, sim_up,
    sim_front, sim_next, sim_fix, sim_lv, sim_lrow, sim_seg, sim_dirty, sim_xs, sim_xr, sim_xf, sim_xe, sim_evpay,
    sim_newsp, sim_moved, sim_need;

  -- The versions, and the times they begin (v_ns[width_bucket(t, v_cuts)] is the version in force at t).
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
  CREATE UNIQUE INDEX ON sim_v (n);
  SELECT array_agg(from_at ORDER BY from_at, n), array_agg(n ORDER BY from_at, n) INTO v_cuts, v_ns FROM sim_v;
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

  -- Each member who has a history in the window: at its start, the active plan (less what moved it since), the
  -- plan whose rate their claims read, and the earnings towards the cap (total_earned less the capped income
  -- credited since, as reconcile counts it); the times their plan moved in the window (their segments: segment s
  -- begins at times[s], plans[s] its active plan, plan_ids[s] the plan its claims read); their active directs at
  -- the start (d0) and the times directs became active since (acts), which unlock levels.
  CREATE TEMP TABLE sim_mem ON COMMIT DROP AS
  WITH moved AS (SELECT h.member_id, sum(h.delta)::bigint AS delta FROM sim_ph h GROUP BY h.member_id),
  later AS (
    SELECT a.owner_id, sum(e.amount)::bigint AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.created_at >= p_from AND t.income_type = ANY(p_capped)
    GROUP BY a.owner_id
  ),
  seg AS (
    SELECT h.member_id, array_agg(h.at ORDER BY h.at, h.ref) AS times,
           array_agg(h.plan_id ORDER BY h.at, h.ref) AS plan_ids,
           array_agg(h.delta ORDER BY h.at, h.ref) AS deltas
    FROM sim_ph h WHERE h.at < p_to GROUP BY h.member_id
  ),
  act AS (
    SELECT r.sponsor_id AS up, array_agg(f.at ORDER BY f.at) AS acts
    FROM (SELECT t.userto_id, min(t.created_at) AS at FROM topups t WHERE t.created_at >= p_from GROUP BY t.userto_id) f
    JOIN users r ON r.id = f.userto_id AND r.sponsor_id IS NOT NULL
    WHERE NOT EXISTS (SELECT 1 FROM topups b WHERE b.userto_id = f.userto_id AND b.created_at < p_from)
    GROUP BY r.sponsor_id
  )
  SELECT u.id AS member_id, (u.active_plan - coalesce(m.delta, 0))::bigint AS plan0,
         CASE WHEN m.member_id IS NULL THEN u.plan_id
              ELSE (SELECT t.plan_id FROM topups t WHERE t.userto_id = u.id AND t.kind <> 'entry' AND t.created_at < p_from
                    ORDER BY t.created_at DESC LIMIT 1) END AS plan_id0,
         (u.total_earned - coalesce(l.amount, 0))::bigint AS earned0,
         s.times, s.plan_ids, s.deltas, NULL::bigint[] AS plans,
         (u.active_directs - coalesce(cardinality(a.acts), 0))::integer AS d0, a.acts
  FROM users u LEFT JOIN moved m ON m.member_id = u.id LEFT JOIN later l ON l.owner_id = u.id
  LEFT JOIN seg s ON s.member_id = u.id LEFT JOIN act a ON a.up = u.id;
  UPDATE sim_mem x SET plans = ARRAY(SELECT (x.plan0 + sum(d.d) OVER (ORDER BY d.o))::bigint
                                     FROM unnest(x.deltas) WITH ORDINALITY d (d, o) ORDER BY d.o)
  WHERE x.times IS NOT NULL;
  CREATE UNIQUE INDEX ON sim_mem (member_id);

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

  -- The pieces: a claimer's claims in one version and one segment of theirs (not refused by their state), each
  -- claim due the same ROI.
  CREATE TEMP TABLE sim_cp ON COMMIT DROP AS
  SELECT g.m, g.vn, g.seg, g.n, g.lo, g.hi,
         CASE WHEN NOT v.roi_on THEN 0
              ELSE coalesce(sgx_mul_div(CASE g.seg WHEN 0 THEN x.plan0 ELSE x.plans[g.seg] END, p.roi_day, 100 * k), 0)
         END AS due
  FROM (
    SELECT c.user_id AS m, v_ns[width_bucket(c.created_at, v_cuts)] AS vn,
           coalesce(width_bucket(c.created_at, x.times), 0) AS seg,
           count(*)::bigint AS n, min(c.created_at) AS lo, max(c.created_at) AS hi
    FROM roi_claims c JOIN sim_mem x ON x.member_id = c.user_id
    WHERE c.created_at >= p_from AND c.created_at < p_to
      AND NOT EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'roi' AND f.ref = c.id)
    GROUP BY 1, 2, 3
  ) g JOIN sim_v v ON v.n = g.vn JOIN sim_mem x ON x.member_id = g.m
  LEFT JOIN sim_vp p ON p.n = g.vn AND p.plan_id = CASE g.seg WHEN 0 THEN x.plan_id0 ELSE x.plan_ids[g.seg] END;
  CREATE UNIQUE INDEX ON sim_cp (m, vn, seg);

  -- What each piece pays: sub-pieces (part 1 before a crossing or the whole piece, 2 the cut claim), each claim
  -- paying `pay`; p_lo and p_hi its claims' positions in sim_arr when the piece is split (null: all of it).
  CREATE TEMP TABLE sim_sp ON COMMIT DROP AS
  SELECT c.m, c.vn, c.seg, 1 AS part, c.n, c.lo, c.hi, c.due AS pay, NULL::integer AS p_lo, NULL::integer AS p_hi
  FROM sim_cp c WHERE c.due > 0;
  CREATE INDEX ON sim_sp (m);
  CREATE TEMP TABLE sim_arr (m bigint PRIMARY KEY, ts timestamptz[], ids bigint[]) ON COMMIT DROP;
  CREATE TEMP TABLE sim_need (m bigint PRIMARY KEY) ON COMMIT DROP;

  -- The claims whose level an upline's state refused (excluded from that level only).
  CREATE TEMP TABLE sim_lref ON COMMIT DROP AS
  SELECT c.user_id AS src, f.lvl, c.created_at AS at, c.id
  FROM sim_refused f JOIN roi_claims c ON c.id = f.ref
  WHERE f.kind = 'level' AND NOT EXISTS (SELECT 1 FROM sim_refused g WHERE g.kind = 'roi' AND g.ref = c.id);

  -- Each claimer's uplines, ten levels up.
  CREATE TEMP TABLE sim_up ON COMMIT DROP AS
  SELECT c.m AS src, u.sponsor_id AS up, 1 AS lvl
  FROM (SELECT DISTINCT m FROM sim_sp) c JOIN users u ON u.id = c.m WHERE u.sponsor_id IS NOT NULL;
  CREATE TEMP TABLE sim_front ON COMMIT DROP AS SELECT * FROM sim_up;
  FOR i IN 2..10 LOOP
    CREATE TEMP TABLE sim_next ON COMMIT DROP AS
    SELECT f.src, u.sponsor_id AS up, i AS lvl FROM sim_front f JOIN users u ON u.id = f.up WHERE u.sponsor_id IS NOT NULL;
    INSERT INTO sim_up SELECT * FROM sim_next;
    DROP TABLE sim_front;
    ALTER TABLE sim_next RENAME TO sim_front;
  END LOOP;
  CREATE INDEX ON sim_up (up);
  CREATE INDEX ON sim_up (src);
  ANALYZE sim_up;

  -- The events that are rows already: the direct income of the directs' plans, and the carried income.
  CREATE TEMP TABLE sim_fix ON COMMIT DROP AS
  SELECT f.m, f.at, f.ref, f.ord, f.kind, f.due, f.refused, f.vn,
         coalesce(width_bucket(f.at, x.times), 0) AS seg
  FROM (
    SELECT r.sponsor_id AS m, t.created_at AS at, t.id AS ref, 3 AS ord, 'direct'::text AS kind,
           sgx_mul_div(t.amount, p.sponsor_bonus, 100 * k) AS due,
           NOT v.direct_on OR EXISTS (SELECT 1 FROM sim_refused f WHERE f.kind = 'direct' AND f.ref = t.id) AS refused,
           v.n AS vn
    FROM topups t JOIN users r ON r.id = t.userto_id AND r.sponsor_id IS NOT NULL
    JOIN sim_v v ON v.n = v_ns[width_bucket(t.created_at, v_cuts)]
    JOIN sim_vp p ON p.n = v.n AND p.plan_id = t.plan_id
    WHERE t.kind <> 'entry' AND t.created_at >= p_from AND t.created_at < p_to
    UNION ALL
    -- Carried: the salary and rewards credited, at their recorded due (through the cap like the rest).
    SELECT a.owner_id, t.created_at, t.id, 4, t.income_type, coalesce((t.details ->> 'due')::bigint, e.amount), false,
           v_ns[width_bucket(t.created_at, v_cuts)]
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.created_at >= p_from AND t.created_at < p_to AND t.income_type = ANY(p_capped)
      AND t.income_type NOT IN ('roi_income', 'level_month', 'direct_income')
  ) f JOIN sim_mem x ON x.member_id = f.m
  WHERE f.vn IS NOT NULL;
  CREATE INDEX ON sim_fix (m);

  -- The members paid in this round (all at first), their level dues by segment, and their segments' sums.
  CREATE TEMP TABLE sim_dirty ON COMMIT DROP AS
  SELECT m AS member_id FROM sim_sp UNION SELECT up FROM sim_up UNION SELECT m FROM sim_fix;
  CREATE UNIQUE INDEX ON sim_dirty (member_id);
  ANALYZE sim_dirty;
  CREATE TEMP TABLE sim_lv (m bigint, seg integer, vn integer, due bigint) ON COMMIT DROP;
  CREATE INDEX ON sim_lv (m);
  CREATE TEMP TABLE sim_seg (m bigint, seg integer, vn integer, sidx integer, cap bigint, dsum bigint, dfix bigint,
                             reopen boolean, closed boolean, e_start bigint, mode text) ON COMMIT DROP;
  CREATE INDEX ON sim_seg (m, seg, vn);
  -- What the crossed segments paid, per member and type, and whether the cap cut any of it.
  CREATE TEMP TABLE sim_evpay (m bigint, kind text, due bigint, pay bigint, cut boolean) ON COMMIT DROP;
  CREATE INDEX ON sim_evpay (m);

  LOOP
    v_round := v_round + 1;
    IF v_round > p_max_rounds THEN
      RAISE EXCEPTION 'The replay did not settle in % rounds.', p_max_rounds;
    END IF;

    -- The level rows of the dirty members: each (level, downline piece) with the level's unlock time T and the
    -- member's plan changes inside the piece; most have neither and count the whole piece or none of it.
    DELETE FROM sim_lv l USING sim_dirty d WHERE l.m = d.member_id;
    DROP TABLE IF EXISTS sim_lrow;
    CREATE TEMP TABLE sim_lrow ON COMMIT DROP AS
    SELECT q.*,
           (q.t_unlock > q.lo AND q.t_unlock <= q.hi)
             OR coalesce(width_bucket(q.hi, q.times), 0) > coalesce(width_bucket(q.lo, q.times), 0) AS inside
    FROM (
      SELECT u.up, u.lvl, s.m AS src, s.vn, s.seg AS sseg, s.part, s.n, s.lo, s.hi, s.p_lo, s.p_hi,
             sgx_mul_div(s.pay, v.level_rates[u.lvl], 100 * k) AS amt, x.times,
             CASE WHEN x.d0 >= v.level_unlock[u.lvl] THEN '-infinity'::timestamptz
                  WHEN x.d0 + coalesce(cardinality(x.acts), 0) >= v.level_unlock[u.lvl]
                    THEN x.acts[v.level_unlock[u.lvl] - x.d0]
                  ELSE 'infinity'::timestamptz END AS t_unlock
      FROM sim_dirty d JOIN sim_up u ON u.up = d.member_id
      JOIN sim_sp s ON s.m = u.src
      JOIN sim_v v ON v.n = s.vn
      JOIN sim_mem x ON x.member_id = u.up
      WHERE v.level_on AND v.level_rates[u.lvl] IS NOT NULL AND v.level_unlock[u.lvl] IS NOT NULL
        AND v.level_rates[u.lvl] > 0
    ) q WHERE q.t_unlock <= q.hi;
    -- Whole pieces.
    INSERT INTO sim_lv
    SELECT r.up, coalesce(width_bucket(r.lo, r.times), 0), r.vn, sum(r.n * r.amt)::bigint
    FROM sim_lrow r WHERE NOT r.inside AND r.t_unlock <= r.lo GROUP BY 1, 2, 3;
    -- Pieces cut by an unlock or a plan change: counted between the cuts on the claimer's claim times.
    INSERT INTO sim_need SELECT DISTINCT r.src FROM sim_lrow r WHERE r.inside ON CONFLICT DO NOTHING;
    EXECUTE v_load_claims USING p_from, p_to;
    INSERT INTO sim_lv
    SELECT b.up, coalesce(width_bucket(b.a, b.times), 0), b.vn,
           sum(b.amt * greatest(0, least(width_bucket(b.b - us, a.ts), b.sp_hi)
                                   - greatest(width_bucket(b.a - us, a.ts) + 1, b.sp_lo) + 1))::bigint
    FROM (
      SELECT c.*, lead(c.a, 1, c.hi + us) OVER (PARTITION BY c.up, c.lvl, c.src, c.vn, c.sseg, c.part ORDER BY c.a) AS b
      FROM (
        SELECT r.*, y.a,
               coalesce(r.p_lo, width_bucket(r.lo - us, z.ts) + 1) AS sp_lo, coalesce(r.p_hi, width_bucket(r.hi, z.ts)) AS sp_hi
        FROM sim_lrow r JOIN sim_arr z ON z.m = r.src
        CROSS JOIN LATERAL (
          SELECT r.lo AS a
          UNION SELECT r.t_unlock WHERE r.t_unlock > r.lo AND r.t_unlock <= r.hi
          UNION SELECT t FROM unnest(r.times) t WHERE t > r.lo AND t <= r.hi
        ) y
        WHERE r.inside
      ) c
    ) b JOIN sim_arr a ON a.m = b.src
    WHERE b.a >= b.t_unlock
    GROUP BY 1, 2, 3;
    -- The claims whose level the upline's state refused.
    INSERT INTO sim_lv
    SELECT r.up, coalesce(width_bucket(f.at, r.times), 0), r.vn, -sum(r.amt)::bigint
    FROM sim_lref f JOIN sim_lrow r ON r.src = f.src AND r.lvl = f.lvl AND f.at >= r.lo AND f.at <= r.hi
      AND f.at >= r.t_unlock
    GROUP BY 1, 2, 3;

    -- The dirty members' segments, in order: the cap, the dues (ROI, level, direct, carried), what each began with.
    DELETE FROM sim_seg s USING sim_dirty d WHERE s.m = d.member_id;
    INSERT INTO sim_seg
    SELECT q.m, q.seg, q.vn, dense_rank() OVER (PARTITION BY q.m ORDER BY q.seg, q.vn)::integer,
           sgx_mul_div(CASE q.seg WHEN 0 THEN x.plan0 ELSE x.plans[q.seg] END, v.cap, k), q.dsum, q.dfix,
           q.seg > q.prev AND EXISTS (SELECT 1 FROM unnest(x.plan_ids[q.prev + 1:q.seg]) b WHERE b IS NOT NULL),
           NULL, NULL, NULL
    FROM (
      SELECT g.*, coalesce(lag(g.seg) OVER (PARTITION BY g.m ORDER BY g.seg, g.vn), 0) AS prev FROM (
        SELECT e.m, e.seg, e.vn, sum(e.due)::bigint AS dsum, sum(e.due) FILTER (WHERE e.fix)::bigint AS dfix FROM (
          SELECT c.m, c.seg, c.vn, c.n * c.due AS due, false AS fix FROM sim_cp c JOIN sim_dirty d ON d.member_id = c.m
          UNION ALL SELECT l.m, l.seg, l.vn, l.due, false FROM sim_lv l JOIN sim_dirty d ON d.member_id = l.m
          UNION ALL SELECT f.m, f.seg, f.vn, CASE WHEN f.refused THEN 0 ELSE f.due END, true
                    FROM sim_fix f JOIN sim_dirty d ON d.member_id = f.m
        ) e GROUP BY 1, 2, 3
      ) g
    ) q JOIN sim_mem x ON x.member_id = q.m JOIN sim_v v ON v.n = q.vn;
    UPDATE sim_seg SET dfix = 0 WHERE dfix IS NULL;
    -- Reaching the cap closes the member's ROI and level income until they buy a plan (roi_claim.sql,
    -- topups.service.ts); a member at their cap when the window begins is closed. A closed segment pays its
    -- direct and carried income only.
    UPDATE sim_seg s SET e_start = x.earned0, closed = NOT s.reopen AND x.earned0 >= s.cap
    FROM sim_dirty d JOIN sim_mem x ON x.member_id = d.member_id
    WHERE s.m = d.member_id AND s.sidx = 1;
    FOR i IN 2..coalesce((SELECT max(sidx) FROM sim_seg), 1) LOOP
      UPDATE sim_seg s
      SET e_start = greatest(b.e_start, least(b.cap, b.e_start + CASE WHEN b.closed THEN b.dfix ELSE b.dsum END)),
          closed = NOT s.reopen AND (b.closed OR b.e_start + b.dsum >= b.cap)
      FROM sim_seg b JOIN sim_dirty d ON d.member_id = b.m
      WHERE b.sidx = i - 1 AND s.m = b.m AND s.sidx = i;
    END LOOP;
    UPDATE sim_seg s SET dsum = CASE WHEN s.closed THEN s.dfix ELSE s.dsum END FROM sim_dirty d WHERE s.m = d.member_id;
    UPDATE sim_seg s SET mode = CASE WHEN s.e_start + s.dsum <= s.cap THEN 'full'
                                     WHEN s.e_start >= s.cap THEN 'zero' ELSE 'cross' END
    FROM sim_dirty d WHERE s.m = d.member_id;

    -- The crossed segments. Their events are rows of counted claims (sim_xr: the member's own claims, each level
    -- row's claims in the segment's span, the claims whose level was refused as negative rows) and single events
    -- (sim_xf: direct and carried). The day the cumulative dues pass the room left is found by halving the window's
    -- days; only that day's events are listed in order, with the cap's window over them. Everything before the day
    -- is paid in full, everything after it nothing.
    DELETE FROM sim_evpay p USING sim_dirty d WHERE p.m = d.member_id;
    DROP TABLE IF EXISTS sim_xs, sim_xr, sim_xf, sim_xe;
    CREATE TEMP TABLE sim_xs ON COMMIT DROP AS
    SELECT s.m, s.seg, s.vn, s.closed, s.cap, s.e_start, s.cap - s.e_start AS room,
           greatest(CASE s.seg WHEN 0 THEN '-infinity'::timestamptz ELSE x.times[s.seg] END, v.from_at) AS s_from,
           least(coalesce(x.times[s.seg + 1], 'infinity'::timestamptz), v.until_at) AS s_to,
           0 AS klo, v_days AS khi, 0::numeric AS before
    FROM sim_seg s JOIN sim_dirty d ON d.member_id = s.m JOIN sim_mem x ON x.member_id = s.m
    JOIN sim_v v ON v.n = s.vn
    WHERE s.mode = 'cross';
    CREATE UNIQUE INDEX ON sim_xs (m, seg, vn);
    TRUNCATE sim_need;
    INSERT INTO sim_need
    SELECT m FROM sim_xs WHERE NOT closed
    UNION SELECT r.src FROM sim_lrow r JOIN sim_xs x ON x.m = r.up AND x.vn = r.vn AND NOT x.closed
    ON CONFLICT DO NOTHING;
    EXECUTE v_load_claims USING p_from, p_to;
    CREATE TEMP TABLE sim_xr ON COMMIT DROP AS
    -- The member's own claims (a closed segment pays no ROI and no level income).
    SELECT x.m, x.seg, x.vn, 'roi'::text AS kind, 1 AS ord, 0 AS lvl, c.m AS src, c.due AS amt,
           greatest(x.s_from, c.lo) AS a_from, least(x.s_to, c.hi + us) AS a_to, 1 AS p_lo, 2147483647 AS p_hi
    FROM sim_xs x JOIN sim_cp c ON c.m = x.m AND c.seg = x.seg AND c.vn = x.vn
    WHERE NOT x.closed AND c.due > 0
    UNION ALL
    -- Their level rows within the segment's span.
    SELECT x.m, x.seg, x.vn, 'level', 2, r.lvl, r.src, r.amt,
           greatest(x.s_from, r.lo, r.t_unlock), least(x.s_to, r.hi + us),
           coalesce(r.p_lo, 1), coalesce(r.p_hi, 2147483647)
    FROM sim_xs x JOIN sim_lrow r ON r.up = x.m AND r.vn = x.vn
    WHERE NOT x.closed AND r.amt > 0
      AND greatest(x.s_from, r.lo, r.t_unlock) < least(x.s_to, r.hi + us)
    UNION ALL
    -- The claims whose level the upline's state refused: one claim each, taken off.
    SELECT x.m, x.seg, x.vn, 'lref', 2, r.lvl, r.src, -r.amt, f.at, f.at + us,
           coalesce(r.p_lo, 1), coalesce(r.p_hi, 2147483647)
    FROM sim_xs x JOIN sim_lrow r ON r.up = x.m AND r.vn = x.vn
    JOIN sim_lref f ON f.src = r.src AND f.lvl = r.lvl
    WHERE NOT x.closed AND r.amt > 0 AND f.at >= greatest(x.s_from, r.lo, r.t_unlock) AND f.at < least(x.s_to, r.hi + us);
    CREATE INDEX ON sim_xr (m, seg, vn);
    CREATE TEMP TABLE sim_xf ON COMMIT DROP AS
    SELECT f.m, f.seg, f.vn, f.kind, f.ord, f.at, f.ref, f.due, CASE WHEN f.refused THEN 0 ELSE f.due END AS eff
    FROM sim_fix f JOIN sim_xs x ON x.m = f.m AND x.seg = f.seg AND x.vn = f.vn;
    CREATE INDEX ON sim_xf (m, seg, vn);
    ANALYZE sim_xs;
    ANALYZE sim_xr;
    ANALYZE sim_arr;
    -- Halving: the dues before klo's step (`before`, all paid) are less than the room, those before khi's at least
    -- the room.
    WHILE EXISTS (SELECT 1 FROM sim_xs WHERE khi - klo > 1) LOOP
      UPDATE sim_xs x SET klo = CASE WHEN c.cum >= x.room THEN x.klo ELSE c.mid END,
                          khi = CASE WHEN c.cum >= x.room THEN c.mid ELSE x.khi END,
                          before = CASE WHEN c.cum >= x.room THEN x.before ELSE c.cum END
      FROM (
        SELECT s.m, s.seg, s.vn, s.mid,
               coalesce((SELECT sum(r.amt * greatest(0, least(width_bucket(least(s.t, r.a_to) - us, z.ts), r.p_hi)
                                                     - greatest(width_bucket(r.a_from - us, z.ts) + 1, r.p_lo) + 1))
                         FROM sim_xr r JOIN sim_arr z ON z.m = r.src
                         WHERE r.m = s.m AND r.seg = s.seg AND r.vn = s.vn AND r.a_from < s.t), 0)
               + coalesce((SELECT sum(f.eff) FROM sim_xf f
                           WHERE f.m = s.m AND f.seg = s.seg AND f.vn = s.vn AND f.at < s.t), 0) AS cum
        FROM (SELECT y.*, (y.klo + y.khi) / 2 AS mid, p_from + ((y.klo + y.khi) / 2) * p_bucket AS t
              FROM sim_xs y WHERE y.khi - y.klo > 1) s
      ) c WHERE x.m = c.m AND x.seg = c.seg AND x.vn = c.vn;
    END LOOP;
    -- The crossing step's events in order, after what came before it.
    CREATE TEMP TABLE sim_xe ON COMMIT DROP AS
    SELECT w.*, (greatest(w.e_start, least(w.cap, w.e_start + w.cum))
                 - greatest(w.e_start, least(w.cap, w.e_start + w.cum - w.eff)))::bigint AS pay
    FROM (
      SELECT e.*, x.cap, x.e_start,
             x.before + sum(e.eff) OVER (PARTITION BY e.m, e.seg, e.vn ORDER BY e.at, e.ref, e.ord, e.lvl
                                          ROWS UNBOUNDED PRECEDING) AS cum
      FROM (
        SELECT r.m, r.seg, r.vn, r.kind, r.ord, r.lvl, z.ts[g.pos] AS at, z.ids[g.pos] AS ref, r.amt AS due,
               r.amt AS eff, g.pos
        FROM sim_xs x JOIN sim_xr r ON r.m = x.m AND r.seg = x.seg AND r.vn = x.vn AND r.kind <> 'lref'
        JOIN sim_arr z ON z.m = r.src
        CROSS JOIN LATERAL generate_series(
          greatest(width_bucket(greatest(r.a_from, p_from + x.klo * p_bucket) - us, z.ts) + 1, r.p_lo),
          least(width_bucket(least(r.a_to, p_from + x.khi * p_bucket) - us, z.ts), r.p_hi)) g (pos)
        WHERE NOT EXISTS (SELECT 1 FROM sim_lref f WHERE r.kind = 'level' AND f.id = z.ids[g.pos] AND f.lvl = r.lvl)
        UNION ALL
        SELECT f.m, f.seg, f.vn, f.kind, f.ord, 0, f.at, f.ref, f.due, f.eff, NULL
        FROM sim_xs x JOIN sim_xf f ON f.m = x.m AND f.seg = x.seg AND f.vn = x.vn
        WHERE f.at >= p_from + x.klo * p_bucket AND f.at < p_from + x.khi * p_bucket
      ) e JOIN sim_xs x ON x.m = e.m AND x.seg = e.seg AND x.vn = e.vn
    ) w;
    -- Per type: the dues of the whole segment; paid, what came before the day and the day's pays.
    INSERT INTO sim_evpay
    SELECT q.m, q.kind, sum(q.due)::bigint, sum(q.pay)::bigint, sum(q.pay) < sum(q.eff)
    FROM (
      SELECT r.m, CASE r.kind WHEN 'lref' THEN 'level' ELSE r.kind END AS kind,
             r.amt * n.total AS due, r.amt * n.total AS eff, r.amt * n.before AS pay
      FROM sim_xs x JOIN sim_xr r ON r.m = x.m AND r.seg = x.seg AND r.vn = x.vn
      JOIN sim_arr z ON z.m = r.src
      CROSS JOIN LATERAL (
        SELECT greatest(0, least(width_bucket(r.a_to - us, z.ts), r.p_hi)
                           - greatest(width_bucket(r.a_from - us, z.ts) + 1, r.p_lo) + 1) AS total,
               greatest(0, least(width_bucket(least(p_from + x.klo * p_bucket, r.a_to) - us, z.ts), r.p_hi)
                           - greatest(width_bucket(r.a_from - us, z.ts) + 1, r.p_lo) + 1) AS before
      ) n
      UNION ALL
      SELECT f.m, f.kind, f.due, f.eff, CASE WHEN f.at < p_from + x.klo * p_bucket THEN f.eff ELSE 0 END
      FROM sim_xs x JOIN sim_xf f ON f.m = x.m AND f.seg = x.seg AND f.vn = x.vn
      UNION ALL
      SELECT e.m, e.kind, 0, 0, e.pay FROM sim_xe e
    ) q GROUP BY 1, 2;

    -- What the dirty members' claims pay now: the whole piece (full), nothing (zero or closed), or split at the
    -- crossing (paid in full before it, then the cut claim).
    DROP TABLE IF EXISTS sim_newsp;
    CREATE TEMP TABLE sim_newsp ON COMMIT DROP AS
    SELECT c.m, c.vn, c.seg, 1 AS part, c.n, c.lo, c.hi, c.due AS pay, NULL::integer AS p_lo, NULL::integer AS p_hi
    FROM sim_cp c JOIN sim_dirty d ON d.member_id = c.m
    JOIN sim_seg s ON s.m = c.m AND s.seg = c.seg AND s.vn = c.vn
    WHERE s.mode = 'full' AND NOT s.closed AND c.due > 0
    UNION ALL
    SELECT g.m, g.vn, g.seg, g.part, g.p_hi - g.p_lo + 1, z.ts[g.p_lo], z.ts[g.p_hi], g.pay, g.p_lo, g.p_hi
    FROM (
      SELECT c.m, c.vn, c.seg, 1 AS part, width_bucket(c.lo - us, z.ts) + 1 AS p_lo,
             greatest(width_bucket(least(p_from + x.klo * p_bucket, c.hi + us) - us, z.ts), f.pos)::integer AS p_hi,
             c.due AS pay
      FROM sim_xs x JOIN sim_cp c ON c.m = x.m AND c.seg = x.seg AND c.vn = x.vn JOIN sim_arr z ON z.m = c.m
      LEFT JOIN (SELECT e.m, e.seg, e.vn, max(e.pos) AS pos FROM sim_xe e WHERE e.kind = 'roi' AND e.pay = e.due
                 GROUP BY 1, 2, 3) f ON f.m = c.m AND f.seg = c.seg AND f.vn = c.vn
      WHERE NOT x.closed AND c.due > 0
      UNION ALL
      SELECT e.m, e.vn, e.seg, 2, e.pos, e.pos, e.pay
      FROM sim_xe e WHERE e.kind = 'roi' AND e.pay > 0 AND e.pay < e.due
    ) g JOIN sim_arr z ON z.m = g.m
    WHERE g.p_hi >= g.p_lo;

    -- The claimers whose pay moved: their uplines are paid again.
    DROP TABLE IF EXISTS sim_moved;
    CREATE TEMP TABLE sim_moved ON COMMIT DROP AS
    SELECT coalesce(a.m, b.m) AS m FROM
      (SELECT s.* FROM sim_sp s JOIN sim_dirty d ON d.member_id = s.m) a
      FULL JOIN sim_newsp b ON b.m = a.m AND b.vn = a.vn AND b.seg = a.seg AND b.part = a.part
    WHERE a.m IS NULL OR b.m IS NULL OR a.n <> b.n OR a.pay <> b.pay OR a.lo <> b.lo OR a.hi <> b.hi
    GROUP BY 1;
    SELECT count(*) INTO v_changed FROM sim_moved;
    DELETE FROM sim_sp s USING sim_dirty d WHERE s.m = d.member_id;
    INSERT INTO sim_sp SELECT * FROM sim_newsp;
    EXIT WHEN v_changed = 0;
    TRUNCATE sim_dirty;
    INSERT INTO sim_dirty SELECT DISTINCT u.up FROM sim_moved m JOIN sim_up u ON u.src = m.m;
    ANALYZE sim_dirty;
  END LOOP;

  -- Per member and type: full segments paid their dues, zero segments nothing, crossed ones as listed.
  RETURN QUERY
  SELECT q.m, CASE q.kind WHEN 'roi' THEN 'roi_income' WHEN 'level' THEN 'level_month'
                          WHEN 'direct' THEN 'direct_income' ELSE q.kind END,
         sum(q.due)::bigint, sum(q.pay)::bigint, bool_or(q.cut)
  FROM (
    SELECT e.m, e.kind, e.due, CASE s.mode WHEN 'full' THEN e.eff ELSE 0 END AS pay,
           s.mode = 'zero' AND e.eff > 0 AS cut
    FROM (
      SELECT c.m, c.seg, c.vn, 'roi'::text AS kind, c.n * c.due AS due, c.n * c.due AS eff FROM sim_cp c
      UNION ALL SELECT l.m, l.seg, l.vn, 'level', l.due, l.due FROM sim_lv l
      UNION ALL SELECT f.m, f.seg, f.vn, f.kind, f.due, CASE WHEN f.refused THEN 0 ELSE f.due END FROM sim_fix f
    ) e JOIN sim_seg s ON s.m = e.m AND s.seg = e.seg AND s.vn = e.vn
    WHERE s.mode <> 'cross' AND NOT (s.closed AND e.kind IN ('roi', 'level'))
    UNION ALL
    SELECT p.m, p.kind, p.due, p.pay, p.cut FROM sim_evpay p
  ) q GROUP BY 1, 2;
END $function$;
