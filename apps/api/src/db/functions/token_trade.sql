-- token_trade: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.token_trade(p_token bigint, p_user bigint, p_side text, p_q bigint, p_key text, p_expected_price bigint, p_slippage_percent bigint, p_fee_percent bigint, p_hash text, p_created_by bigint)
 RETURNS TABLE(transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 ROWS 1
AS $function$
DECLARE
  k constant numeric := 100000000;
  c token_config%ROWTYPE;
  v_done bigint;
  v_status text;
  v_s numeric;
  v_held bigint;
  v_num numeric;
  v_den numeric;
  v_gross numeric;
  v_fee numeric;
  v_total numeric;
  v_sign integer := CASE WHEN p_side = 'BUY' THEN 1 ELSE -1 END;
  v_new_available bigint;
  v_new_price bigint;
  v_tid bigint;
  v_ltx bigint;
  v_invested bigint;
  v_basis numeric;
BEGIN
  IF p_side NOT IN ('BUY', 'SELL') OR p_q IS NULL OR p_q <= 0 THEN
    RAISE EXCEPTION 'token_trade: a side of BUY or SELL and a positive amount are needed' USING ERRCODE = '22023';
  END IF;
  -- Every trade of this token waits here for the one before it to commit.
  SELECT * INTO c FROM token_config WHERE id = p_token FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Token not found.' USING ERRCODE = 'SX105';
  END IF;
  -- Checked under the token's lock, so a retry racing its first attempt finds it here.
  SELECT t.id INTO v_done FROM token_transactions t WHERE t.request_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_done, false;
    RETURN;
  END IF;
  SELECT u.status INTO v_status FROM users u WHERE u.id = p_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Member not found.' USING ERRCODE = 'SX107';
  END IF;
  IF v_status = 'block' THEN
    RAISE EXCEPTION 'Your account is blocked.' USING ERRCODE = 'SX101';
  END IF;
  IF p_expected_price IS NOT NULL
     AND abs(c.current_price - p_expected_price) > sgx_div_half_up(p_expected_price::numeric * p_slippage_percent, 100 * k) THEN
    RAISE EXCEPTION 'The price moved.' USING ERRCODE = 'SX102', DETAIL = p_expected_price::text || ' ' || c.current_price::text;
  END IF;

  v_s := c.total_supply - c.available_tokens;
  v_den := k * k * 2 * c.total_supply;
  IF p_side = 'BUY' THEN
    IF p_q > c.available_tokens THEN
      RAISE EXCEPTION 'Not enough tokens are available.' USING ERRCODE = 'SX103';
    END IF;
    v_num := c.base_price::numeric * c.price_multiplier * p_q * (2 * c.total_supply + 2 * v_s + p_q);
    v_gross := div(v_num + v_den - 1, v_den);
  ELSE
    SELECT a.balance INTO v_held FROM ledger_accounts a
    WHERE a.owner_id = p_user AND a.kind = 'token' AND a.asset = 'SGX';
    IF v_held IS NULL OR v_held < p_q OR p_q > v_s THEN
      RAISE EXCEPTION 'Insufficient token balance.' USING ERRCODE = 'SX104';
    END IF;
    v_num := c.base_price::numeric * c.price_multiplier * p_q * (2 * c.total_supply + 2 * (v_s - p_q) + p_q);
    v_gross := div(v_num, v_den);
  END IF;
  v_fee := CASE WHEN p_fee_percent = 0 THEN 0 ELSE sgx_div_half_up(v_gross * p_fee_percent, 100 * k) END;
  v_total := CASE WHEN p_side = 'BUY' THEN v_gross + v_fee ELSE v_gross - v_fee END;
  IF v_gross <= 0 OR v_total <= 0 THEN
    RAISE EXCEPTION 'The amount is too small to trade.' USING ERRCODE = 'SX106';
  END IF;
  v_new_available := CASE WHEN p_side = 'BUY' THEN c.available_tokens - p_q ELSE c.available_tokens + p_q END;
  v_new_price := sgx_div_half_up(
    c.base_price::numeric * c.price_multiplier * (c.total_supply + (c.total_supply - v_new_available)),
    k * c.total_supply);

  v_tid := nextval(pg_get_serial_sequence('token_transactions', 'id'));
  SELECT l.transaction_id INTO v_ltx FROM ledger_post_many(
    ARRAY['token-trade:' || v_tid],
    ARRAY[CASE WHEN p_side = 'BUY' THEN 'token_buy' ELSE 'token_sell' END],
    ARRAY[NULL]::text[],
    ARRAY[p_user],
    ARRAY[p_side || ' ' || (p_q::numeric / k)::numeric(38, 8)::text || ' ' || c.symbol],
    ARRAY[jsonb_build_object(
      'token_transaction_id', v_tid::text,
      'gross', v_gross::text,
      'fee', v_fee::text,
      'price_before', c.current_price::text,
      'price_after', v_new_price::text)],
    p_created_by,
    CASE WHEN v_fee > 0 THEN ARRAY[1, 1, 1, 1, 1] ELSE ARRAY[1, 1, 1, 1] END,
    CASE WHEN v_fee > 0 THEN ARRAY[p_user, NULL, p_user, NULL, NULL] ELSE ARRAY[p_user, NULL, p_user, NULL] END::bigint[],
    CASE WHEN v_fee > 0
      THEN ARRAY['deposit', 'token_treasury', 'token', 'token_treasury', 'fee_revenue']
      ELSE ARRAY['deposit', 'token_treasury', 'token', 'token_treasury'] END,
    CASE WHEN v_fee > 0 THEN ARRAY['USD', 'USD', 'SGX', 'SGX', 'USD'] ELSE ARRAY['USD', 'USD', 'SGX', 'SGX'] END,
    CASE WHEN v_fee > 0
      THEN ARRAY[-v_sign * v_total, v_sign * v_gross, v_sign * p_q, -v_sign * p_q, v_fee]
      ELSE ARRAY[-v_sign * v_total, v_sign * v_gross, v_sign * p_q, -v_sign * p_q] END::bigint[]
  ) l;

  INSERT INTO token_transactions (id, token_id, user_id, transaction_type, token_amount, price_per_token,
                                  total_amount, transaction_hash, request_key, ledger_transaction_id)
  VALUES (v_tid, c.id, p_user, p_side, p_q, coalesce(nullif(sgx_div_half_up(v_total * k, p_q), 0), 1),
          v_total, p_hash, p_key, v_ltx);

  -- Weighted average cost: a buy adds its total; a sell takes off quantity x average price.
  SELECT p.total_invested INTO v_invested FROM token_positions p
  WHERE p.user_id = p_user AND p.token_id = c.id FOR UPDATE;
  v_invested := coalesce(v_invested, 0);
  IF p_side = 'BUY' THEN
    INSERT INTO token_positions (user_id, token_id, total_invested) VALUES (p_user, c.id, v_invested + v_total)
    ON CONFLICT (user_id, token_id) DO UPDATE SET total_invested = EXCLUDED.total_invested;
  ELSE
    -- The ledger has moved the quantity already: held before the sell = balance now + q.
    SELECT a.balance INTO v_held FROM ledger_accounts a
    WHERE a.owner_id = p_user AND a.kind = 'token' AND a.asset = 'SGX';
    v_basis := CASE WHEN v_held = 0 THEN v_invested ELSE sgx_div_half_up(v_invested::numeric * p_q, v_held + p_q) END;
    UPDATE token_positions
    SET total_invested = v_invested - v_basis, realized_pnl = realized_pnl + (v_total - v_basis)
    WHERE user_id = p_user AND token_id = c.id;
  END IF;

  UPDATE token_config SET available_tokens = v_new_available, current_price = v_new_price, last_updated = now()
  WHERE id = c.id;
  INSERT INTO token_price_history (token_id, price, available_tokens, change_reason, transaction_id, user_id)
  VALUES (c.id, v_new_price, v_new_available, lower(p_side), v_tid, p_user);

  RETURN QUERY SELECT v_tid, true;
END $function$;
