-- transfer_touser: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0047 ("no second write to a row just inserted"): a transfer's row is written once, with its ledger
-- transaction, instead of inserted and then updated with it (decision 0048). Its id comes from the sequence
-- first, so the ledger key 'transfer:<id>' is known before the row exists. What a transfer does and answers is
-- unchanged: a key used before returns that transfer (created false), a missing recipient is SX201, a blocked
-- sender is refused, the same checks as the table's (the amount, not to oneself) are made first, and the posting
-- is ledger_post_many's (one posting). Past the blocked check, the sender's identity level's transfer limit
-- (identity_limit_check.sql, decision 0073; p_identity_limits the caller's setting in units): the old shape is
-- dropped first.
DROP FUNCTION IF EXISTS transfer_touser(bigint, bigint, bigint, text, bigint, text);
CREATE OR REPLACE FUNCTION public.transfer_touser(p_from bigint, p_to bigint, p_amount bigint, p_key text, p_created_by bigint, p_fingerprint text DEFAULT NULL::text, p_identity_limits jsonb DEFAULT NULL::jsonb)
 RETURNS TABLE(id bigint, created boolean, kind text, user_id bigint, username text, userto_id bigint, userto text, amount bigint, created_at timestamp with time zone)
 LANGUAGE plpgsql
 ROWS 1
AS $function$
DECLARE
  v_id bigint;
  v_ltx bigint;
BEGIN
  PERFORM request_key_claim(p_key, p_fingerprint);
  SELECT t.id INTO v_id FROM transfers t WHERE t.request_key = p_key;
  IF v_id IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p_to AND u.role = 'user' AND u.deleted_at IS NULL) THEN
      RAISE EXCEPTION 'The receiving member was not found.' USING ERRCODE = 'SX201';
    END IF;
    IF p_amount <= 0 OR p_from = p_to THEN
      RAISE EXCEPTION 'new row for relation "transfers" violates check constraint "%"',
        CASE WHEN p_amount <= 0 THEN 'transfers_amount_check' ELSE 'transfers_check' END
        USING ERRCODE = '23514';
    END IF;
    -- The member sends their own money (the route is for members only): refused while blocked.
    PERFORM assert_may_move_money(p_from);
    PERFORM identity_limit_check(p_from, 'transfer', p_amount, p_identity_limits);
    v_id := nextval('transfers_id_seq');
    SELECT l.transaction_id INTO v_ltx FROM ledger_post_many(
      ARRAY['transfer:' || v_id], ARRAY['transfer'], ARRAY[NULL]::text[], ARRAY[p_from],
      ARRAY['transfer from member ' || p_from || ' to member ' || p_to],
      ARRAY[jsonb_build_object('transfer_id', v_id::text, 'from', p_from::text, 'to', p_to::text)],
      p_created_by,
      ARRAY[1, 1], ARRAY[p_from, p_to]::bigint[], ARRAY['deposit', 'deposit'], ARRAY['USD', 'USD'],
      ARRAY[-p_amount, p_amount]::bigint[]) l;
    INSERT INTO transfers (id, kind, user_id, userto_id, amount, request_key, ledger_transaction_id)
    VALUES (v_id, 'touser', p_from, p_to, p_amount, p_key, v_ltx);
    RETURN QUERY
    SELECT v_id, true, 'touser'::text, p_from, a.username, p_to, b.username, p_amount, now()
    FROM users a, users b WHERE a.id = p_from AND b.id = p_to;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT t.id, false, t.kind, t.user_id, a.username, t.userto_id, b.username, t.amount, t.created_at
  FROM transfers t JOIN users a ON a.id = t.user_id JOIN users b ON b.id = t.userto_id
  WHERE t.id = v_id;
END $function$;
