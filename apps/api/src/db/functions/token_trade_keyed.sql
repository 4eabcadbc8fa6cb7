-- token_trade_keyed: its live definition (decision 0057: edit this file; no migration needed).
-- token_trade (0020) behind the key claim and the money-out check, still one statement. A trade already
-- made with the key is returned by token_trade as it was; a new one is checked before it queues on the
-- token's row (token_trade's own status read stays, a second look under that lock).
CREATE OR REPLACE FUNCTION public.token_trade_keyed(p_token bigint, p_user bigint, p_side text, p_q bigint, p_key text, p_expected_price bigint, p_slippage_percent bigint, p_fee_percent bigint, p_hash text, p_created_by bigint, p_fingerprint text)
 RETURNS TABLE(transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 ROWS 1
AS $function$
BEGIN
  PERFORM request_key_claim(p_key, p_fingerprint);
  IF NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.request_key = p_key) THEN
    PERFORM assert_may_move_money(p_user);
  END IF;
  RETURN QUERY
  SELECT r.transaction_id, r.created
  FROM token_trade(p_token, p_user, p_side, p_q, p_key, p_expected_price, p_slippage_percent,
                   p_fee_percent, p_hash, p_created_by) r;
END $function$;
