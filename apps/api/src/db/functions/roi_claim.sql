-- roi_claim: its live definition (decision 0057: edit this file; no migration needed).
-- The claim (roi.service.ts claim, formerly with payLevels). p_day: the business date 'YYYY-MM-DD'; p_now: the
-- server's clock; p_level_percents: the settings' texts (kept in the details), p_level_rates the same in units.
CREATE OR REPLACE FUNCTION public.roi_claim(p_user bigint, p_day text, p_now timestamp with time zone, p_watch_seconds integer, p_roi_on boolean, p_level_on boolean, p_cap_multiplier bigint, p_level_percents text[], p_level_rates bigint[], p_level_unlock integer[])
 RETURNS TABLE(due bigint, paid bigint, reason text)
 LANGUAGE plpgsql
 ROWS 1
AS $function$
#variable_conflict use_column
DECLARE
  k constant bigint := 100000000;
  u record;
  r record;
  v_session bigint;
  v_roi_day bigint;
  v_claim bigint;
  v_due bigint;
  v_paid bigint := 0;
  v_reason text;
  v_up bigint[];
  v_directs integer[];
  v_why jsonb;
  v_key text;
  v_n integer;
  -- what this claim writes, gathered first, then written in a few statements
  c_user bigint[] := '{}';   -- credits
  c_type text[] := '{}';
  c_key text[] := '{}';
  c_wallet text[] := '{}';
  c_pay bigint[] := '{}';
  c_close boolean[] := '{}';
  c_details jsonb[] := '{}';
  c_memo text[] := '{}';
  c_seq integer[] := '{}';   -- 1, 2, ...: the posting of each credit's entries (its place among them)
  c_neg bigint[] := '{}';    -- what income_expense gives for each
  s_user bigint[] := '{}';   -- skips
  s_type text[] := '{}';
  s_key text[] := '{}';
  s_amount bigint[] := '{}';
  s_reason text[] := '{}';
  s_details jsonb[] := '{}';
BEGIN
  SELECT x.status, x.active_plan, x.deleted_at INTO u FROM users x WHERE x.id = p_user;
  IF NOT FOUND OR u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'Member not found.' USING ERRCODE = 'SX501';
  ELSIF u.status = 'block' THEN
    RAISE EXCEPTION 'Access Denied' USING ERRCODE = 'SX502';
  ELSIF u.active_plan <= 0 THEN
    RAISE EXCEPTION 'Please buy a plan first' USING ERRCODE = 'SX503';
  END IF;
  IF EXISTS (SELECT 1 FROM roi_claims c WHERE c.user_id = p_user AND c.business_date = p_day::date) THEN
    RAISE EXCEPTION 'Already claimed.' USING ERRCODE = 'SX504';
  END IF;
  SELECT s.id INTO v_session FROM watch_sessions s
  WHERE s.user_id = p_user AND s.business_date = p_day::date
    AND s.started_at <= p_now - make_interval(secs => p_watch_seconds)
  ORDER BY s.started_at DESC LIMIT 1;
  IF v_session IS NULL THEN
    RAISE EXCEPTION 'Watch first.' USING ERRCODE = 'SX505';
  END IF;
  SELECT p.roi_day INTO v_roi_day FROM users x JOIN plans p ON p.id = x.plan_id WHERE x.id = p_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Please buy a plan first' USING ERRCODE = 'SX503';
  END IF;

  -- The uplines, level 1 (the sponsor) to 10, with the active directs that unlock their level.
  WITH RECURSIVE up(id, level) AS (
    SELECT x.sponsor_id, 1 FROM users x WHERE x.id = p_user AND x.sponsor_id IS NOT NULL
    UNION ALL
    SELECT x.sponsor_id, up.level + 1 FROM users x JOIN up ON x.id = up.id
    WHERE x.sponsor_id IS NOT NULL AND up.level < 10
  )
  SELECT array_agg(up.id ORDER BY up.level), array_agg(x.active_directs ORDER BY up.level) INTO v_up, v_directs
  FROM up JOIN users x ON x.id = up.id;
  v_n := coalesce(cardinality(v_up), 0);

  -- Every member row this claim writes for, locked once, in id order: FOR NO KEY UPDATE where it may credit,
  -- FOR KEY SHARE where it only records a skip (the skip's foreign key would take that lock anyway, later).
  FOR r IN
    SELECT c.id, c.strong FROM (
      SELECT p_user AS id, true AS strong
      UNION ALL
      SELECT v_up[i], v_directs[i] >= coalesce(p_level_unlock[i], 2147483647) FROM generate_subscripts(v_up, 1) AS i
    ) c ORDER BY c.id
  LOOP
    IF r.strong THEN
      PERFORM 1 FROM users x WHERE x.id = r.id FOR NO KEY UPDATE;
    ELSE
      PERFORM 1 FROM users x WHERE x.id = r.id FOR KEY SHARE;
    END IF;
  END LOOP;

  -- The member's checks again, on the row as it is now, read with the ROI due and its earning-cap decision
  -- (income_decision.sql, decision 0063) in the same statement: what the claim pays them and why not all of it.
  SELECT x.status, x.active_plan, x.deleted_at, x.username, r.due, d.pay, d.reason, d.cap, d.earned, d.closes INTO u
  FROM users x
  -- OFFSET 0: the due computed once, not copied into every use the decision makes of it
  CROSS JOIN LATERAL (SELECT sgx_mul_div(x.active_plan, v_roi_day, 100 * k) AS due OFFSET 0) r
  CROSS JOIN LATERAL income_decision(r.due, 'roi', p_roi_on, 'roi', p_cap_multiplier, NULL, x.deleted_at IS NULL,
                                     x.status, x.is_active, x.roi_status, x.level_status, x.active_plan,
                                     x.total_earned) AS d
  WHERE x.id = p_user;
  IF u.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'Member not found.' USING ERRCODE = 'SX501';
  ELSIF u.status = 'block' THEN
    RAISE EXCEPTION 'Access Denied' USING ERRCODE = 'SX502';
  ELSIF u.active_plan <= 0 THEN
    RAISE EXCEPTION 'Please buy a plan first' USING ERRCODE = 'SX503';
  END IF;
  -- A second claim of the member waited on the lock above and now sees the first.
  IF EXISTS (SELECT 1 FROM roi_claims c WHERE c.user_id = p_user AND c.business_date = p_day::date) THEN
    RAISE EXCEPTION 'Already claimed.' USING ERRCODE = 'SX504';
  END IF;
  v_due := u.due;
  v_claim := nextval('roi_claims_id_seq');

  -- The ROI, to the non-working wallet.
  v_key := 'roi:' || p_user || ':' || p_day;
  v_why := jsonb_build_object('rule', 'daily ROI', 'rate_percent', sgx_units_text(v_roi_day),
                              'base', u.active_plan::text, 'business_date', p_day, 'claim_id', v_claim::text);
  v_paid := u.pay;
  v_reason := u.reason;
  IF u.pay > 0 THEN
    c_user := c_user || p_user; c_type := c_type || 'roi_income'::text; c_key := c_key || v_key;
    c_wallet := c_wallet || 'non_working'::text; c_pay := c_pay || u.pay;
    c_close := c_close || u.closes; c_memo := c_memo || 'roi income'::text; c_neg := c_neg || -u.pay;
    c_seq := c_seq || 1;
    c_details := c_details || (v_why || jsonb_build_object('due', v_due::text, 'paid', u.pay::text,
                                                           'cap', u.cap::text, 'earned_before', u.earned::text));
  END IF;
  IF u.reason IS NOT NULL THEN
    s_user := s_user || p_user; s_type := s_type || 'roi_income'::text;
    s_key := s_key || (v_key || CASE WHEN u.pay > 0 THEN ':over-cap' ELSE '' END);
    s_amount := s_amount || (v_due - u.pay); s_reason := s_reason || u.reason; s_details := s_details || v_why;
  END IF;

  -- Level income: the upline at level L earns the ROI paid x level L %, when L is unlocked by its active directs
  -- (a level without a rate or an unlock is left out); each upline's decision is the same earning-cap decision.
  -- Decided for every level in one statement, the credits and the skips gathered in level order (a statement a
  -- level cost more: each sets its expressions up again, decision 0066). The arrays are gathered in the order the
  -- rows come, level order (the window's); every array of a row takes the same place, so they stay aligned. An
  -- ORDER BY in each aggregate would sort once per aggregate.
  IF v_paid > 0 AND v_n > 0 THEN
    SELECT c_user || array_agg(l.up) FILTER (WHERE l.pay > 0),
           c_type || array_agg('level_month'::text) FILTER (WHERE l.pay > 0),
           c_key || array_agg(l.key) FILTER (WHERE l.pay > 0),
           c_wallet || array_agg('working'::text) FILTER (WHERE l.pay > 0),
           c_pay || array_agg(l.pay) FILTER (WHERE l.pay > 0),
           c_close || array_agg(l.closes) FILTER (WHERE l.pay > 0),
           c_memo || array_agg('level month'::text) FILTER (WHERE l.pay > 0),
           c_neg || array_agg(-l.pay) FILTER (WHERE l.pay > 0),
           c_seq || array_agg((cardinality(c_seq) + l.n)::integer) FILTER (WHERE l.pay > 0),
           c_details || array_agg(l.why || jsonb_build_object('due', l.amount::text, 'paid', l.pay::text,
                                                              'cap', l.cap::text, 'earned_before', l.earned::text))
                      FILTER (WHERE l.pay > 0),
           s_user || array_agg(l.up) FILTER (WHERE l.reason IS NOT NULL),
           s_type || array_agg('level_month'::text) FILTER (WHERE l.reason IS NOT NULL),
           s_key || array_agg(l.key || CASE WHEN l.pay > 0 THEN ':over-cap' ELSE '' END)
                      FILTER (WHERE l.reason IS NOT NULL),
           s_amount || array_agg(l.amount - l.pay) FILTER (WHERE l.reason IS NOT NULL),
           s_reason || array_agg(l.reason) FILTER (WHERE l.reason IS NOT NULL),
           s_details || array_agg(l.why) FILTER (WHERE l.reason IS NOT NULL)
    INTO c_user, c_type, c_key, c_wallet, c_pay, c_close, c_memo, c_neg, c_seq, c_details,
         s_user, s_type, s_key, s_amount, s_reason, s_details
    FROM (SELECT l0.*, count(*) FILTER (WHERE l0.pay > 0) OVER (ORDER BY l0.i) AS n FROM (
      SELECT a.i, a.up, a.amount, 'level:' || v_claim || ':' || a.i AS key,
        jsonb_build_object('rule', 'level income', 'level', a.i, 'rate_percent', p_level_percents[a.i],
                           'source_member', p_user::text, 'base', v_paid::text, 'business_date', p_day,
                           'claim_id', v_claim::text) AS why,
        CASE WHEN a.locked THEN 0 ELSE d.pay END AS pay,
        -- Said from the upline's side: they lacked the directs, not the member who claimed.
        CASE WHEN a.locked
          THEN 'At level ' || a.i || ' you need ' || p_level_unlock[a.i] || ' active directs and you had '
               || v_directs[a.i] || ', so this level income was not paid.'
          ELSE d.reason END AS reason,
        d.cap, d.earned, d.closes
      FROM (
        SELECT i, v_up[i] AS up, sgx_mul_div(v_paid, p_level_rates[i], 100 * k) AS amount,
               v_directs[i] < p_level_unlock[i] AS locked
        FROM generate_series(1, v_n) AS i
        WHERE p_level_rates[i] IS NOT NULL AND p_level_unlock[i] IS NOT NULL
        OFFSET 0
      ) a
      -- Each upline's row by its key (LIMIT 1 keeps it an index probe, whatever the planner guesses of the levels)
      LEFT JOIN LATERAL (
        SELECT y.id, y.status, y.is_active, y.roi_status, y.level_status, y.active_plan, y.total_earned
        FROM users y WHERE y.id = a.up AND y.deleted_at IS NULL AND NOT a.locked LIMIT 1
      ) x ON true
      CROSS JOIN LATERAL income_decision(a.amount, 'level', p_level_on, 'level', p_cap_multiplier, u.username,
                                         x.id IS NOT NULL, x.status, x.is_active, x.roi_status, x.level_status,
                                         x.active_plan, x.total_earned) AS d
    ) l0) l;
  END IF;

  -- The claim with what it paid (its id is in the details above).
  INSERT INTO roi_claims (id, user_id, business_date, watch_session_id, due, paid)
  VALUES (v_claim, p_user, p_day::date, v_session, v_due, v_paid);

  -- Skips, each told to its owner once (recordSkip: not for a member not found).
  IF cardinality(s_user) > 0 THEN
    WITH written AS (
      INSERT INTO income_skips (user_id, income_type, cause_key, amount, reason, details)
      SELECT * FROM unnest(s_user, s_type, s_key, s_amount, s_reason, s_details)
      ON CONFLICT (cause_key) DO NOTHING
      RETURNING user_id, income_type, cause_key, amount, reason
    ), labelled AS (
      SELECT w.*, CASE w.income_type WHEN 'roi_income' THEN 'Daily income' ELSE 'Level income' END AS label
      FROM written w WHERE w.reason <> 'member not found'
    )
    INSERT INTO member_events (user_id, kind, title, message, link, dedupe_key)
    SELECT l.user_id, 'income_missed', l.label || ' not paid',
      CASE WHEN right(l.reason, 1) = '.' THEN l.reason || ' Amount not paid: ' || sgx_usd(l.amount) || '.'
           ELSE l.label || ' of ' || sgx_usd(l.amount) || ' was not paid: ' || l.reason || '.' END,
      '/user/income', 'income-missed:' || l.cause_key
    FROM labelled l
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;

  -- Credits: posted by the one writer of the ledger (ledger_post_many.sql, decisions 0064, 0065), all in one call
  -- (one ledger transaction per credit with its key; accounts opened when missing; member balances in account-id
  -- order; the entries in one INSERT), then total_earned. Each credit's two entries, the member's wallet and the
  -- platform's income_expense, come from the arrays gathered above (no loop, no query: each costs a claim).
  IF cardinality(c_user) > 0 THEN
    PERFORM ledger_post_many(c_key, array_fill('income'::text, ARRAY[cardinality(c_key)]), c_type, c_user, c_memo,
                             c_details, NULL, c_seq || c_seq,
                             c_user || array_fill(NULL::bigint, ARRAY[cardinality(c_user)]),
                             c_wallet || array_fill('income_expense'::text, ARRAY[cardinality(c_user)]),
                             array_fill('USD'::text, ARRAY[2 * cardinality(c_user)]), c_pay || c_neg);
    UPDATE users x SET total_earned = x.total_earned + c.pay,
      roi_status = CASE WHEN c.close THEN 'close' ELSE x.roi_status END,
      level_status = CASE WHEN c.close THEN 'close' ELSE x.level_status END
    FROM unnest(c_user, c_pay, c_close) AS c (o, pay, close) WHERE x.id = c.o;
  END IF;
  RETURN QUERY SELECT v_due, v_paid, v_reason;
END $function$;
