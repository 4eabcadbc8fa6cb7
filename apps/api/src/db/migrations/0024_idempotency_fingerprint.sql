-- Two money rules that were missing (decisions 0016 and 0017).
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

-- request_key_claim: now in functions/request_key_claim.sql (decision 0057).

-- assert_may_move_money: now in functions/assert_may_move_money.sql (decision 0057).

-- transfer_touser (0022) with the request's fingerprint and the money-out check. p_fingerprint defaults
-- to NULL so that a caller of the old five-argument form (an instance not yet restarted) still resolves.
DROP FUNCTION IF EXISTS transfer_touser(bigint, bigint, bigint, text, bigint);
-- transfer_touser: now in functions/transfer_touser.sql (decision 0057).

-- token_trade_keyed: now in functions/token_trade_keyed.sql (decision 0057).

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
