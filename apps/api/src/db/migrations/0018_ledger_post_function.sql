-- Issue 10: a ledger posting in one round trip, and platform accounts that no longer serialise members.
--
-- 1. Platform accounts (owner_id IS NULL: cash, pending withdrawals, the token treasury, fees, ...) were
--    updated by every posting, so every withdrawal and every trade queued on one row lock. Their balance
--    is now derived from their entries (the view ledger_balances) and their balance column stays 0, which
--    a CHECK enforces. Member accounts keep their balance column, updated in the posting's transaction
--    under the conditional update that forbids an overdraft, exactly as before.
-- 2. ledger_post() does in one statement what post() in ledger.service.ts did in 7 to 10 round trips:
--    the transaction row with its idempotency key (a key posted before returns the first id, created =
--    false), the accounts opened if missing, member balances moved in account-id order (no deadlocks),
--    the entries. The zero-sum trigger still checks every transaction at commit.

CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_id, kind, asset) WHERE owner_id IS NOT NULL;

-- Derived platform balances are sums over an account's entries: an index-only scan.
CREATE INDEX ledger_entries_account_amount_idx ON ledger_entries (account_id) INCLUDE (amount);
DROP INDEX ledger_entries_account_idx;

UPDATE ledger_accounts SET balance = 0 WHERE owner_id IS NULL;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_platform_derived CHECK (owner_id IS NOT NULL OR balance = 0);

-- Every account with its balance: a member account's kept balance, a platform account's sum of entries.
CREATE VIEW ledger_balances AS
SELECT a.id, a.owner_id, a.kind, a.asset, a.allow_negative,
       CASE WHEN a.owner_id IS NOT NULL THEN a.balance
            ELSE (SELECT coalesce(sum(e.amount), 0)::bigint FROM ledger_entries e WHERE e.account_id = a.id)
       END AS balance
FROM ledger_accounts a;

CREATE FUNCTION ledger_post(
  p_key text,
  p_kind text,
  p_income_type text,
  p_member_id bigint,
  p_memo text,
  p_details jsonb,
  p_created_by bigint,
  p_owners bigint[],
  p_kinds text[],
  p_assets text[],
  p_amounts bigint[]
) RETURNS TABLE (transaction_id bigint, created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_n integer;
  r record;
BEGIN
  INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, details, created_by)
  VALUES (p_key, p_kind, p_income_type, p_member_id, p_memo, p_details, p_created_by)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    -- Posted before (or by a concurrent request that has now committed): the first result stands.
    SELECT t.id INTO v_tx FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    RETURN QUERY SELECT v_tx, false;
    RETURN;
  END IF;

  INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
  SELECT x.o, x.k, x.a, x.o IS NULL
  FROM unnest(p_owners, p_kinds, p_assets) AS x (o, k, a)
  WHERE NOT EXISTS (
    SELECT 1 FROM ledger_accounts acc
    WHERE coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a
  )
  ON CONFLICT DO NOTHING;

  -- Member balances, in account-id order so that concurrent postings cannot deadlock; a member account
  -- never goes below zero (and the table's CHECK says so again). Platform accounts take no row lock.
  FOR r IN
    SELECT acc.id, x.amt
    FROM unnest(p_owners, p_kinds, p_assets, p_amounts) AS x (o, k, a, amt)
    JOIN ledger_accounts acc ON coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a
    WHERE acc.owner_id IS NOT NULL
    ORDER BY acc.id
  LOOP
    UPDATE ledger_accounts SET balance = balance + r.amt
    WHERE id = r.id AND (allow_negative OR balance + r.amt >= 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Insufficient balance.' USING ERRCODE = 'SX001';
    END IF;
  END LOOP;

  INSERT INTO ledger_entries (transaction_id, account_id, amount)
  SELECT v_tx, acc.id, x.amt
  FROM unnest(p_owners, p_kinds, p_assets, p_amounts) AS x (o, k, a, amt)
  JOIN ledger_accounts acc ON coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.a;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> cardinality(p_amounts) THEN
    RAISE EXCEPTION 'ledger_post: an account of transaction % could not be opened', p_key USING ERRCODE = 'SX002';
  END IF;

  RETURN QUERY SELECT v_tx, true;
END $$;
