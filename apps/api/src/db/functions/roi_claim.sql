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
  d record;
  v_session bigint;
  v_roi_day bigint;
  v_claim bigint;
  v_due bigint;
  v_paid bigint := 0;
  v_reason text;
  v_up bigint[];
  v_directs integer[];
  v_amount bigint;
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
  c_seq integer[] := '{}';   -- 1, 2, ...: the posting of each credit's entries
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

  -- The member's checks again, on the row as it is now.
  SELECT x.status, x.active_plan, x.deleted_at, x.username INTO u FROM users x WHERE x.id = p_user;
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
  v_due := sgx_mul_div(u.active_plan, v_roi_day, 100 * k);
  v_claim := nextval('roi_claims_id_seq');

  -- The ROI, to the non-working wallet.
  v_key := 'roi:' || p_user || ':' || p_day;
  v_why := jsonb_build_object('rule', 'daily ROI', 'rate_percent', sgx_units_text(v_roi_day),
                              'base', u.active_plan::text, 'business_date', p_day, 'claim_id', v_claim::text);
  SELECT * INTO d FROM income_decide(p_user, v_due, 'roi', p_roi_on, 'roi', p_cap_multiplier, NULL);
  v_paid := d.pay;
  v_reason := d.reason;
  IF d.pay > 0 THEN
    c_user := c_user || p_user; c_type := c_type || 'roi_income'::text; c_key := c_key || v_key;
    c_wallet := c_wallet || 'non_working'::text; c_pay := c_pay || d.pay;
    c_close := c_close || d.closes; c_memo := c_memo || 'roi income'::text; c_neg := c_neg || -d.pay;
    c_seq := c_seq || cardinality(c_user);
    c_details := c_details || (v_why || jsonb_build_object('due', v_due::text, 'paid', d.pay::text,
                                                           'cap', d.cap::text, 'earned_before', d.earned::text));
  END IF;
  IF d.reason IS NOT NULL THEN
    s_user := s_user || p_user; s_type := s_type || 'roi_income'::text;
    s_key := s_key || (v_key || CASE WHEN d.pay > 0 THEN ':over-cap' ELSE '' END);
    s_amount := s_amount || (v_due - d.pay); s_reason := s_reason || d.reason; s_details := s_details || v_why;
  END IF;

  -- Level income: the upline at level L earns the ROI paid x level L %, when L is unlocked by its active directs.
  IF v_paid > 0 THEN
    FOR i IN 1 .. v_n LOOP
      CONTINUE WHEN p_level_rates[i] IS NULL OR p_level_unlock[i] IS NULL;
      v_amount := sgx_mul_div(v_paid, p_level_rates[i], 100 * k);
      v_key := 'level:' || v_claim || ':' || i;
      v_why := jsonb_build_object('rule', 'level income', 'level', i, 'rate_percent', p_level_percents[i],
                                  'source_member', p_user::text, 'base', v_paid::text, 'business_date', p_day,
                                  'claim_id', v_claim::text);
      IF v_directs[i] < p_level_unlock[i] THEN
        -- Said from the upline's side: they lacked the directs, not the member who claimed.
        s_user := s_user || v_up[i]; s_type := s_type || 'level_month'::text; s_key := s_key || v_key;
        s_amount := s_amount || v_amount; s_details := s_details || v_why;
        s_reason := s_reason || ('At level ' || i || ' you need ' || p_level_unlock[i]
                                 || ' active directs and you had ' || v_directs[i]
                                 || ', so this level income was not paid.');
        CONTINUE;
      END IF;
      SELECT * INTO d FROM income_decide(v_up[i], v_amount, 'level', p_level_on, 'level', p_cap_multiplier,
                                         u.username);
      IF d.pay > 0 THEN
        c_user := c_user || v_up[i]; c_type := c_type || 'level_month'::text; c_key := c_key || v_key;
        c_wallet := c_wallet || 'working'::text; c_pay := c_pay || d.pay;
        c_close := c_close || d.closes; c_memo := c_memo || 'level month'::text; c_neg := c_neg || -d.pay;
        c_seq := c_seq || cardinality(c_user);
        c_details := c_details || (v_why || jsonb_build_object('due', v_amount::text, 'paid', d.pay::text,
                                                               'cap', d.cap::text, 'earned_before', d.earned::text));
      END IF;
      IF d.reason IS NOT NULL THEN
        s_user := s_user || v_up[i]; s_type := s_type || 'level_month'::text;
        s_key := s_key || (v_key || CASE WHEN d.pay > 0 THEN ':over-cap' ELSE '' END);
        s_amount := s_amount || (v_amount - d.pay); s_reason := s_reason || d.reason; s_details := s_details || v_why;
      END IF;
    END LOOP;
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
