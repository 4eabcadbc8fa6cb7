-- Issue 25: the daily ROI claim in one statement (decision 0045).
--
-- The claim was about 30 round trips in one transaction: the member's row locked first, then each of up to ten
-- uplines' rows locked in turn (FOR UPDATE, for the earning cap's total_earned) by creditIncome and held until
-- commit, so claims under one leader ran one after another, each holding the leader for most of 30 round trips.
-- roi_claim() does the same work in one statement, run on its own (autocommit), so the commit follows in the same
-- round trip:
--   1. the checks without a lock, with their answers (SX501 'Member not found.' 404, SX502 'Access Denied' 403,
--      SX503 'Please buy a plan first' 422, SX504 already claimed today 409, SX505 watch first 422);
--   2. the member and the uplines locked once, in id order (no deadlock between claims, or with top-ups, which
--      lock in id order too): FOR NO KEY UPDATE for the rows it may credit, FOR KEY SHARE for the uplines whose
--      level is locked (their skip records reference them); the member's checks again under the lock;
--   3. the claim, the ROI and the level income with exactly the rules of creditIncome / recordSkip
--      (income.service.ts): feature switches, blocked / inactive / closed, the earning cap with its cut and
--      'over-cap' skip, the owner-side reasons, the notices, the same idempotency keys and ledger details.
-- So a leader's row is held for the rest of one statement and the commit, not for 30 round trips.
-- Arithmetic is mulDiv of @sgx/money on numeric (sgx_mul_div: a * b / c rounded half away from zero).

-- mulDiv of @sgx/money.
CREATE FUNCTION sgx_mul_div(a bigint, b bigint, c bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sgx_div_half_up(a::numeric * b::numeric, c::numeric)::bigint
$$;

-- formatUnits(units) of @sgx/money (8 digits, as amountOut answers): '0.50000000', '-0.00000001'.
CREATE FUNCTION sgx_units_text(p bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN p < 0 THEN '-' ELSE '' END
    || div(abs(p::numeric), 100000000)::text || '.' || lpad(mod(abs(p::numeric), 100000000)::text, 8, '0')
$$;

-- usd() of notifications/events.ts: '$' || formatUsd(units), i.e. rounded half up to cents, thousands grouped.
CREATE FUNCTION sgx_usd(p bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT '$' || CASE WHEN c < 0 THEN '-' ELSE '' END
    || to_char(div(abs(c), 100), 'FM999,999,999,999,999,999,990') || '.' || lpad(mod(abs(c), 100)::text, 2, '0')
  FROM (SELECT sgx_div_half_up(p::numeric, 1000000) AS c) x
$$;

-- creditIncome's decision (income.service.ts) for capped income, on a member row the caller has locked, without
-- writing: what to pay (0 when skipped), why not (the reason recorded and shown), the cap and the earnings before.
-- p_source_name: the member whose claim caused a level income (the owner-side reasons), NULL for one's own ROI.
CREATE FUNCTION income_decide(
  p_user bigint, p_amount bigint, p_feature text, p_feature_on boolean, p_gate text, p_cap_multiplier bigint,
  p_source_name text
) RETURNS TABLE (pay bigint, reason text, cap bigint, earned bigint)
LANGUAGE plpgsql STABLE AS $$
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
END $$;

-- The claim (roi.service.ts claim, formerly with payLevels). p_day: the business date 'YYYY-MM-DD'; p_now: the
-- server's clock; p_level_percents: the settings' texts (kept in the details), p_level_rates the same in units.
CREATE FUNCTION roi_claim(
  p_user bigint,
  p_day text,
  p_now timestamptz,
  p_watch_seconds integer,
  p_roi_on boolean,
  p_level_on boolean,
  p_cap_multiplier bigint,
  p_level_percents text[],
  p_level_rates bigint[],
  p_level_unlock integer[]
) RETURNS TABLE (due bigint, paid bigint, reason text)
LANGUAGE plpgsql AS $$
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
  v_expense bigint;
  -- what this claim writes, gathered first, then written in a few statements
  c_user bigint[] := '{}';   -- credits
  c_type text[] := '{}';
  c_key text[] := '{}';
  c_wallet text[] := '{}';
  c_pay bigint[] := '{}';
  c_close boolean[] := '{}';
  c_details jsonb[] := '{}';
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
    c_close := c_close || (d.earned + d.pay >= d.cap);
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
        c_close := c_close || (d.earned + d.pay >= d.cap);
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

  -- Credits: what ledger_post does for each, in a few statements for all (one ledger transaction per credit with
  -- its key, a key posted before posts nothing; accounts opened when missing; member balances in account-id order;
  -- the entries in one INSERT, so the zero-sum and live-rollup triggers run once), then total_earned.
  IF cardinality(c_user) > 0 THEN
    INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
    SELECT x.o, x.k, 'USD', false FROM unnest(c_user, c_wallet) AS x (o, k)
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_id = x.o AND a.kind = x.k AND a.asset = 'USD')
    ON CONFLICT DO NOTHING;
    INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
    SELECT NULL, 'income_expense', 'USD', true
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE coalesce(a.owner_id, 0) = 0 AND a.kind = 'income_expense' AND a.asset = 'USD')
    ON CONFLICT DO NOTHING;
    PERFORM 1 FROM ledger_accounts a JOIN unnest(c_user, c_wallet) AS x (o, k) ON a.owner_id = x.o AND a.kind = x.k
    WHERE a.asset = 'USD' ORDER BY a.id FOR NO KEY UPDATE OF a;
    SELECT a.id INTO v_expense FROM ledger_accounts a
    WHERE coalesce(a.owner_id, 0) = 0 AND a.kind = 'income_expense' AND a.asset = 'USD';
    WITH posted AS (
      INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, details)
      SELECT x.key, 'income', x.t, x.o, regexp_replace(x.t, '_', ' '), x.d
      FROM unnest(c_key, c_type, c_user, c_details) AS x (key, t, o, d)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key
    ), p AS (
      SELECT posted.id AS tx, a.id AS acc, x.pay FROM posted
      JOIN unnest(c_key, c_user, c_wallet, c_pay) AS x (key, o, w, pay) ON x.key = posted.idempotency_key
      JOIN ledger_accounts a ON a.owner_id = x.o AND a.kind = x.w AND a.asset = 'USD'
    ), moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + p.pay FROM p WHERE a.id = p.acc RETURNING 1
    )
    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT p.tx, p.acc, p.pay FROM p
    UNION ALL
    SELECT p.tx, v_expense, -p.pay FROM p;
    UPDATE users x SET total_earned = x.total_earned + c.pay,
      roi_status = CASE WHEN c.close THEN 'close' ELSE x.roi_status END,
      level_status = CASE WHEN c.close THEN 'close' ELSE x.level_status END
    FROM unnest(c_user, c_pay, c_close) AS c (o, pay, close) WHERE x.id = c.o;
  END IF;
  RETURN QUERY SELECT v_due, v_paid, v_reason;
END $$;

ALTER FUNCTION income_decide ROWS 1;
ALTER FUNCTION roi_claim ROWS 1;
