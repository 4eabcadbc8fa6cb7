-- withdrawal_request_batch: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047: group commit for withdrawal requests from a wallet, as 0058 for transfers: the
-- requests arriving together run withdrawal_request in arrival order, each in a subtransaction of its own, in
-- one statement and one commit; each comes back with its record (and the member's name) or its error's
-- SQLSTATE, message and DETAIL (a payout address hold names its end there, 0030). Each request carries its
-- identity limits (decision 0073; the old shape without them is dropped first).
DROP FUNCTION IF EXISTS withdrawal_request_batch(bigint[], text[], text[], bigint[], bigint[], bigint[], text[], text[], text[], bigint[], boolean[], boolean[]);
CREATE OR REPLACE FUNCTION public.withdrawal_request_batch(p_user bigint[], p_kind text[], p_wallet text[], p_amount bigint[], p_fee bigint[], p_minimum bigint[], p_currency text[], p_key text[], p_fingerprint text[], p_created_by bigint[], p_check_blocked boolean[], p_feature_on boolean[], p_identity_limits jsonb[] DEFAULT NULL::jsonb[])
 RETURNS TABLE(i integer, id bigint, user_id bigint, username text, fullname text, kind text, amount bigint, fee bigint, net bigint, currency text, address text, status text, note text, created_at timestamp with time zone, decided_at timestamp with time zone, err_code text, err_message text, err_detail text)
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
      SELECT n, r.id, r.user_id, r.username, u.fullname, r.kind, r.amount, r.fee, r.net, r.currency, r.address,
             r.status, r.note, r.created_at, r.decided_at, NULL::text, NULL::text, NULL::text
      FROM withdrawal_request(p_user[n], p_kind[n], p_wallet[n], p_amount[n], p_fee[n], p_minimum[n],
                              p_currency[n], p_key[n], p_fingerprint[n], p_created_by[n], p_check_blocked[n],
                              p_feature_on[n], p_identity_limits[n]) r
      JOIN users u ON u.id = r.user_id;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT n, NULL::bigint, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::bigint,
                          NULL::bigint, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::text,
                          NULL::timestamptz, NULL::timestamptz, v_code, v_message, v_detail;
    END;
  END LOOP;
END $function$;
