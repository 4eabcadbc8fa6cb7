-- token_trade_batch: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047: group commit for token trades. The trades arriving together are applied in one
-- statement and one commit, in arrival order, under one hold of the token's row (each trade still takes the row
-- FOR UPDATE in token_trade; within one transaction the second time costs nothing), each at its own curve price
-- (token_trade reads the price the previous trade of the batch left), each in a subtransaction of its own: a
-- refusal (slippage, not enough tokens, insufficient balance, blocked) undoes that trade alone and comes back as
-- its SQLSTATE, message and DETAIL. Before, every trade queued on the token's row for the length of its own
-- commit.
CREATE OR REPLACE FUNCTION public.token_trade_batch(p_token bigint[], p_user bigint[], p_side text[], p_q bigint[], p_key text[], p_expected_price bigint[], p_slippage_percent bigint[], p_fee_percent bigint[], p_hash text[], p_created_by bigint[], p_fingerprint text[])
 RETURNS TABLE(i integer, transaction_id bigint, err_code text, err_message text, err_detail text)
 LANGUAGE plpgsql
 ROWS 32
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_code text;
  v_message text;
  v_detail text;
BEGIN
  FOR n IN 1 .. coalesce(cardinality(p_user), 0) LOOP
    BEGIN
      RETURN QUERY
      SELECT n, r.transaction_id, NULL::text, NULL::text, NULL::text
      FROM token_trade_keyed(p_token[n], p_user[n], p_side[n], p_q[n], p_key[n], p_expected_price[n],
                             p_slippage_percent[n], p_fee_percent[n], p_hash[n], p_created_by[n],
                             p_fingerprint[n]) r;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT n, NULL::bigint, v_code, v_message, v_detail;
    END;
  END LOOP;
END $function$;
