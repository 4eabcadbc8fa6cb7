-- transfer_touser_batch: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047: group commit for transfers. Transfers arriving together are applied by one
-- statement and one commit: transfer_touser_batch runs transfer_touser for each, in arrival order, each in a
-- subtransaction of its own (a refusal, an insufficient balance or a deadlock with another writer undoes that
-- transfer alone and is answered to its request alone; the others go on), and returns one row per transfer:
-- its record with both members' names, or its error's SQLSTATE and message. Every transfer keeps its own
-- request key (request_key_claim inside transfer_touser), so a retried request is answered as before.
-- The app sends at most 32 a statement: a transaction keeps up to 64 subtransaction ids in shared memory.
-- Each transfer carries its identity limits, and a refusal its DETAIL (an identity limit's, decision 0073): the
-- old shape is dropped first.
DROP FUNCTION IF EXISTS transfer_touser_batch(bigint[], bigint[], bigint[], text[], bigint[], text[]);
CREATE OR REPLACE FUNCTION public.transfer_touser_batch(p_from bigint[], p_to bigint[], p_amount bigint[], p_key text[], p_created_by bigint[], p_fingerprint text[], p_identity_limits jsonb[] DEFAULT NULL::jsonb[])
 RETURNS TABLE(i integer, id bigint, kind text, user_id bigint, username text, userto_id bigint, userto text, amount bigint, created_at timestamp with time zone, fullname text, userto_fullname text, err_code text, err_message text, err_detail text)
 LANGUAGE plpgsql
 ROWS 32
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_code text;
  v_message text;
  v_detail text;
BEGIN
  FOR n IN 1 .. coalesce(cardinality(p_from), 0) LOOP
    BEGIN
      RETURN QUERY
      SELECT n, r.id, r.kind, r.user_id, r.username, r.userto_id, r.userto, r.amount, r.created_at,
             a.fullname, b.fullname, NULL::text, NULL::text, NULL::text
      FROM transfer_touser(p_from[n], p_to[n], p_amount[n], p_key[n], p_created_by[n], p_fingerprint[n],
                           p_identity_limits[n]) r
      JOIN users a ON a.id = r.user_id
      JOIN users b ON b.id = r.userto_id;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
      RETURN QUERY SELECT n, NULL::bigint, NULL::text, NULL::bigint, NULL::text, NULL::bigint, NULL::text,
                          NULL::bigint, NULL::timestamptz, NULL::text, NULL::text, v_code, v_message, v_detail;
    END;
  END LOOP;
END $function$;
