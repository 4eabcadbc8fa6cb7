-- Issue 11: two money rules that were missing (decisions 0016 and 0017).
--
-- 1. A reused Idempotency-Key with a different body answered with the first request's result. A key a
--    client sends is now claimed, with the fingerprint of the request that sent it (method, route, member,
--    canonical body: apps/api/src/http/listing.ts), as the first statement of the money change's own
--    transaction. The same key with the same fingerprint goes on and finds the first result as before;
--    with another fingerprint it is refused (SQLSTATE SX302, a 409). A request that fails rolls its claim
--    back with everything else, so only a request that happened binds its key.
-- 2. A blocked member could move money out through transfers, friend top-ups and codes. One check,
--    assert_may_move_money(), reads the member's status FOR SHARE: a block that committed first is seen,
--    and a block arriving meanwhile waits for the money move already under way (SQLSTATE SX301, a 403).
--    The API calls it on every money-out path (apps/api/src/modules/ledger/money-guards.ts); the
--    one-statement paths below call it themselves.

CREATE TABLE request_keys (
  key text PRIMARY KEY,          -- '<id of the member or admin who sent it>:<Idempotency-Key>'
  fingerprint text NOT NULL,     -- SHA-256 (hex) of the request
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Claims p_key for the request p_fingerprint; a key the server made up itself (no fingerprint) is unique
-- by construction and claims nothing. A second claim of a key still in flight waits on its unique index
-- entry for the first transaction to commit (then compares) or roll back (then claims it).
CREATE FUNCTION request_key_claim(p_key text, p_fingerprint text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_fingerprint text;
BEGIN
  IF p_fingerprint IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO request_keys (key, fingerprint) VALUES (p_key, p_fingerprint) ON CONFLICT (key) DO NOTHING;
  IF FOUND THEN
    RETURN;
  END IF;
  SELECT r.fingerprint INTO v_fingerprint FROM request_keys r WHERE r.key = p_key;
  IF v_fingerprint IS DISTINCT FROM p_fingerprint THEN
    RAISE EXCEPTION 'This Idempotency-Key was already used for a different request.' USING ERRCODE = 'SX302';
  END IF;
END $$;

-- The one money-out check. FOR SHARE: taken after any FOR UPDATE of the same row in the transaction
-- (never before it, which two concurrent transactions would turn into a deadlock on the upgrade).
CREATE FUNCTION assert_may_move_money(p_member bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  SELECT u.status INTO v_status FROM users u WHERE u.id = p_member FOR SHARE;
  IF v_status = 'block' THEN
    RAISE EXCEPTION 'Your account is blocked. Please contact support.' USING ERRCODE = 'SX301';
  END IF;
END $$;

-- transfer_touser (0022) with the request's fingerprint and the money-out check. p_fingerprint defaults
-- to NULL so that a caller of the old five-argument form (an instance not yet restarted) still resolves.
DROP FUNCTION transfer_touser(bigint, bigint, bigint, text, bigint);
CREATE FUNCTION transfer_touser(
  p_from bigint,
  p_to bigint,
  p_amount bigint,
  p_key text,
  p_created_by bigint,
  p_fingerprint text DEFAULT NULL
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
  PERFORM request_key_claim(p_key, p_fingerprint);
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
    -- The member sends their own money (the route is for members only): refused while blocked.
    PERFORM assert_may_move_money(p_from);
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

-- token_trade (0020) behind the key claim and the money-out check, still one statement. A trade already
-- made with the key is returned by token_trade as it was; a new one is checked before it queues on the
-- token's row (token_trade's own status read stays, a second look under that lock).
CREATE FUNCTION token_trade_keyed(
  p_token bigint,
  p_user bigint,
  p_side text,
  p_q bigint,
  p_key text,
  p_expected_price bigint,
  p_slippage_percent bigint,
  p_fee_percent bigint,
  p_hash text,
  p_created_by bigint,
  p_fingerprint text
) RETURNS TABLE (transaction_id bigint, created boolean)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_key_claim(p_key, p_fingerprint);
  IF NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.request_key = p_key) THEN
    PERFORM assert_may_move_money(p_user);
  END IF;
  RETURN QUERY
  SELECT r.transaction_id, r.created
  FROM token_trade(p_token, p_user, p_side, p_q, p_key, p_expected_price, p_slippage_percent,
                   p_fee_percent, p_hash, p_created_by) r;
END $$;

-- The default privileges of migration 0004 cover tables made by the user who ran it; said again here for
-- a database migrated by another user. A claim is never changed or removed by the app.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON request_keys TO sgx_app';
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON request_keys FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
