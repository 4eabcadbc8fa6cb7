-- withdrawal_request: its live definition (decision 0057: edit this file; no migration needed).
-- The wallet withdrawal request (first made in migration 0026), with one more check after the payout address: the address
-- must not be inside a hold. SX406 carries the currency and the hold's end (ISO, UTC) in its DETAIL. A new request
-- writes its webhook event (webhook_emit.sql, decision 0072). Past the minimum, the member's identity level's
-- withdrawal limits (identity_limit_check.sql, decision 0073; p_identity_limits the caller's setting in units): the
-- old shape without them is dropped first.
DROP FUNCTION IF EXISTS withdrawal_request(bigint, text, text, bigint, bigint, bigint, text, text, text, bigint, boolean, boolean);
CREATE OR REPLACE FUNCTION public.withdrawal_request(p_user bigint, p_kind text, p_wallet text, p_amount bigint, p_fee bigint, p_minimum bigint, p_currency text, p_key text, p_fingerprint text, p_created_by bigint, p_check_blocked boolean, p_feature_on boolean, p_identity_limits jsonb DEFAULT NULL::jsonb)
 RETURNS TABLE(id bigint, user_id bigint, username text, kind text, amount bigint, fee bigint, net bigint, currency text, address text, status text, note text, created_at timestamp with time zone, decided_at timestamp with time zone)
 LANGUAGE plpgsql
 ROWS 1
AS $function$
DECLARE
  v_bep20 text;
  v_trc20 text;
  v_deleted timestamptz;
  v_id bigint;
  v_currency text;
  v_address text;
  v_hold timestamptz;
BEGIN
  PERFORM request_key_claim(p_key, p_fingerprint);
  SELECT nullif(u.bep20, ''), nullif(u.trc20, ''), u.deleted_at INTO v_bep20, v_trc20, v_deleted
  FROM users u WHERE u.id = p_user;
  IF NOT FOUND OR v_deleted IS NOT NULL THEN
    RAISE EXCEPTION 'Member not found.' USING ERRCODE = 'SX401';
  END IF;
  SELECT w.id INTO v_id FROM withdrawals w WHERE w.request_key = p_key;
  IF v_id IS NULL THEN
    IF NOT p_feature_on THEN
      RAISE EXCEPTION 'Withdrawals are switched off.' USING ERRCODE = 'SX402';
    END IF;
    IF p_check_blocked THEN
      PERFORM assert_may_move_money(p_user);
    END IF;
    v_currency := coalesce(p_currency,
      CASE WHEN v_bep20 IS NOT NULL THEN 'BEP20' WHEN v_trc20 IS NOT NULL THEN 'TRC20' END);
    v_address := CASE v_currency WHEN 'BEP20' THEN v_bep20 WHEN 'TRC20' THEN v_trc20 END;
    IF v_currency IS NULL OR v_address IS NULL THEN
      RAISE EXCEPTION 'No payout address.' USING ERRCODE = 'SX403';
    END IF;
    v_hold := payout_address_hold(p_user, v_currency, v_address);
    IF v_hold IS NOT NULL THEN
      RAISE EXCEPTION 'Payout address in hold.' USING ERRCODE = 'SX406',
        DETAIL = v_currency || ' ' || to_char(v_hold AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
    END IF;
    IF p_amount <= 0 THEN
      RAISE EXCEPTION 'No amount.' USING ERRCODE = 'SX404';
    END IF;
    IF p_amount < p_minimum THEN
      RAISE EXCEPTION 'Under the minimum.' USING ERRCODE = 'SX405';
    END IF;
    PERFORM identity_limit_check(p_user, 'withdrawal', p_amount, p_identity_limits);
    INSERT INTO withdrawals (user_id, kind, amount, fee, net, currency, address, member_plan_id, request_key)
    VALUES (p_user, p_kind, p_amount, p_fee, p_amount - p_fee, v_currency, v_address, NULL, p_key)
    RETURNING withdrawals.id INTO v_id;
    PERFORM ledger_post_many(
      ARRAY['withdrawal-hold:' || v_id], ARRAY['withdrawal_hold'], ARRAY[NULL]::text[], ARRAY[p_user],
      ARRAY[p_kind || ' withdrawal requested'],
      ARRAY[jsonb_build_object('withdrawal_id', v_id::text, 'fee', p_fee::text, 'net', (p_amount - p_fee)::text)],
      p_created_by,
      ARRAY[1, 1], ARRAY[p_user, NULL]::bigint[], ARRAY[p_wallet, 'pending_withdrawals'], ARRAY['USD', 'USD'],
      ARRAY[-p_amount, p_amount]::bigint[]);
    -- The webhook event (decision 0072), in this request's subtransaction: a refused request announces nothing. Its
    -- data is built only when an endpoint wants it.
    IF webhook_wanted('withdrawal.requested') THEN
      PERFORM webhook_emit('withdrawal.requested', jsonb_build_object(
        'withdrawal_id', v_id::text, 'member_id', p_user::text, 'kind', p_kind, 'amount', sgx_units_text(p_amount),
        'fee', sgx_units_text(p_fee), 'net', sgx_units_text(p_amount - p_fee), 'asset', 'USD',
        'currency', v_currency, 'address', v_address), ARRAY['withdrawal-hold:' || v_id]);
    END IF;
  END IF;
  -- The record as GET /withdrawalrequest/{id} shows it (a query here sees the row just written).
  RETURN QUERY
  SELECT w.id, w.user_id, u.username, w.kind, w.amount, w.fee, w.net, w.currency, w.address, w.status,
         w.note, w.created_at, w.decided_at
  FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = v_id;
END $function$;
