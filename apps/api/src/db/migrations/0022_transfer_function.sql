-- Issue 10: a member-to-member transfer in one statement (one round trip, no BEGIN/COMMIT of its own):
-- the transfer row only when the receiver is a live member, the posting through ledger_post, its link,
-- and the record the API answers with. A retry with the same request key waits on the key's unique
-- index for its first attempt, then returns that transfer (created = false) and posts nothing.

CREATE FUNCTION transfer_touser(
  p_from bigint,
  p_to bigint,
  p_amount bigint,
  p_key text,
  p_created_by bigint
) RETURNS TABLE (
  id bigint, created boolean, kind text, user_id bigint, username text, userto_id bigint, userto text,
  amount bigint, created_at timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_created boolean := true;
  v_ltx bigint;
BEGIN
  INSERT INTO transfers (kind, user_id, userto_id, amount, request_key)
  SELECT 'touser', p_from, u.id, p_amount, p_key
  FROM users u WHERE u.id = p_to AND u.role = 'user' AND u.deleted_at IS NULL
  ON CONFLICT (request_key) DO NOTHING
  RETURNING transfers.id INTO v_id;
  IF v_id IS NULL THEN
    SELECT t.id INTO v_id FROM transfers t WHERE t.request_key = p_key;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'The receiving member was not found.' USING ERRCODE = 'SX201';
    END IF;
    v_created := false;
  ELSE
    SELECT l.transaction_id INTO v_ltx FROM ledger_post(
      'transfer:' || v_id, 'transfer', NULL, p_from,
      'transfer from member ' || p_from || ' to member ' || p_to,
      jsonb_build_object('transfer_id', v_id::text, 'from', p_from::text, 'to', p_to::text),
      p_created_by,
      ARRAY[p_from, p_to]::bigint[], ARRAY['deposit', 'deposit'], ARRAY['USD', 'USD'],
      ARRAY[-p_amount, p_amount]::bigint[]) l;
    UPDATE transfers SET ledger_transaction_id = v_ltx WHERE transfers.id = v_id;
  END IF;
  RETURN QUERY
  SELECT t.id, v_created, t.kind, t.user_id, a.username, t.userto_id, b.username, t.amount, t.created_at
  FROM transfers t JOIN users a ON a.id = t.user_id JOIN users b ON b.id = t.userto_id
  WHERE t.id = v_id;
END $$;
