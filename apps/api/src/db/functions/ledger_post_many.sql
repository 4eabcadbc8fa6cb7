-- ledger_post_many: its live definition (decision 0057: edit this file; no migration needed).
-- The one writer of ledger_entries (decision 0064): many postings in a few statements. ledger_post.sql (one posting:
-- every service's post()), roi_claim.sql (the claim's credits) and postIncomeFrom (income.batch.ts: the salary and
-- CTO for every member at once) all post through it.
--
-- Posting i: p_keys[i] (its idempotency key: a key posted before posts nothing and answers its first transaction),
-- p_kinds[i], p_income_types[i], p_member_ids[i], p_memos[i], p_details[i]; all by p_created_by. Entry j belongs to
-- posting p_entry_of[j] (1-based) and moves p_amounts[j] on the account (p_owners[j], p_account_kinds[j],
-- p_assets[j]), opened when missing (a platform account, owner NULL, may go negative). What ledger_post did, for
-- many: each account looked up once by its key (an index probe per entry, never a scan of every account); member
-- balances moved once per account, summed, locked in account-id order (no deadlock with any other writer) and
-- never below zero unless allowed (SX001); platform accounts take no row lock, their balance is their entries' sum;
-- the entries in one INSERT, so the zero-sum and live-rollup triggers run once. Keys must be distinct (SX002).
CREATE OR REPLACE FUNCTION public.ledger_post_many(p_keys text[], p_kinds text[], p_income_types text[], p_member_ids bigint[], p_memos text[], p_details jsonb[], p_created_by bigint, p_entry_of integer[], p_owners bigint[], p_account_kinds text[], p_assets text[], p_amounts bigint[])
 RETURNS TABLE(posting integer, transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_n integer := coalesce(cardinality(p_keys), 0);
  v_e integer := coalesce(cardinality(p_amounts), 0);
  v_tx bigint[];      -- per posting: its new transaction; NULL when its key was posted before
  v_acc bigint[];     -- per entry: its account
  v_ids bigint[];     -- the member accounts that move, in id order
  v_sums bigint[];    -- and by how much
  v_moved integer;
BEGIN
  IF coalesce(cardinality(p_kinds), 0) <> v_n OR coalesce(cardinality(p_income_types), 0) <> v_n
     OR coalesce(cardinality(p_member_ids), 0) <> v_n OR coalesce(cardinality(p_memos), 0) <> v_n
     OR coalesce(cardinality(p_details), 0) <> v_n OR coalesce(cardinality(p_entry_of), 0) <> v_e
     OR coalesce(cardinality(p_owners), 0) <> v_e OR coalesce(cardinality(p_account_kinds), 0) <> v_e
     OR coalesce(cardinality(p_assets), 0) <> v_e THEN
    RAISE EXCEPTION 'ledger_post: transaction % needs one owner, kind, asset and amount per entry', p_keys[1]
      USING ERRCODE = 'SX002';
  END IF;
  IF v_n = 0 THEN
    RETURN;
  END IF;
  IF v_n > 1 AND (SELECT count(DISTINCT k) FROM unnest(p_keys) AS k) <> v_n THEN
    RAISE EXCEPTION 'ledger_post: a key appears twice among % postings', v_n USING ERRCODE = 'SX002';
  END IF;

  WITH ins AS (
    INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, details, created_by)
    SELECT x.k, x.kd, x.it, x.m, x.memo, x.d, p_created_by
    FROM unnest(p_keys, p_kinds, p_income_types, p_member_ids, p_memos, p_details) AS x (k, kd, it, m, memo, d)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT array_agg(ins.id ORDER BY x.i) INTO v_tx
  FROM unnest(p_keys) WITH ORDINALITY AS x (k, i) LEFT JOIN ins ON ins.idempotency_key = x.k;

  IF EXISTS (SELECT 1 FROM unnest(v_tx) AS t (id) WHERE t.id IS NOT NULL) THEN
    -- The entries' accounts, one probe each, in the entries' order; opened when missing, then probed again.
    SELECT array_agg(a.id ORDER BY y.j) INTO v_acc
    FROM unnest(p_owners, p_account_kinds, p_assets) WITH ORDINALITY AS y (o, k, s, j)
    LEFT JOIN LATERAL (
      SELECT acc.id FROM ledger_accounts acc
      WHERE coalesce(acc.owner_id, 0) = coalesce(y.o, 0) AND acc.kind = y.k AND acc.asset = y.s
    ) a ON true;
    IF EXISTS (SELECT 1 FROM unnest(v_acc, p_entry_of) AS z (id, p) WHERE z.id IS NULL AND v_tx[z.p] IS NOT NULL) THEN
      INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
      SELECT DISTINCT y.o, y.k, y.s, y.o IS NULL
      FROM unnest(p_entry_of, p_owners, p_account_kinds, p_assets, v_acc) AS y (p, o, k, s, id)
      WHERE y.id IS NULL AND v_tx[y.p] IS NOT NULL
      ON CONFLICT DO NOTHING;
      SELECT array_agg(a.id ORDER BY y.j) INTO v_acc
      FROM unnest(p_owners, p_account_kinds, p_assets) WITH ORDINALITY AS y (o, k, s, j)
      LEFT JOIN LATERAL (
        SELECT acc.id FROM ledger_accounts acc
        WHERE coalesce(acc.owner_id, 0) = coalesce(y.o, 0) AND acc.kind = y.k AND acc.asset = y.s
      ) a ON true;
      IF EXISTS (SELECT 1 FROM unnest(v_acc, p_entry_of) AS z (id, p) WHERE z.id IS NULL AND v_tx[z.p] IS NOT NULL) THEN
        RAISE EXCEPTION 'ledger_post: an account of transaction % could not be opened', p_keys[1] USING ERRCODE = 'SX002';
      END IF;
    END IF;

    -- Member balances: each account once, locked in id order, never below zero unless allowed.
    SELECT array_agg(m.id ORDER BY m.id), array_agg(m.amt ORDER BY m.id) INTO v_ids, v_sums
    FROM (
      SELECT z.id, sum(z.amt)::bigint AS amt
      FROM unnest(p_entry_of, v_acc, p_owners, p_amounts) AS z (p, id, o, amt)
      WHERE z.o IS NOT NULL AND v_tx[z.p] IS NOT NULL
      GROUP BY z.id
    ) m;
    IF v_ids IS NOT NULL THEN
      PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_ids) ORDER BY a.id FOR NO KEY UPDATE;
      UPDATE ledger_accounts a SET balance = a.balance + m.amt
      FROM unnest(v_ids, v_sums) AS m (id, amt)
      WHERE a.id = m.id AND a.id = ANY (v_ids) AND (a.allow_negative OR a.balance + m.amt >= 0);
      GET DIAGNOSTICS v_moved = ROW_COUNT;
      IF v_moved <> cardinality(v_ids) THEN
        RAISE EXCEPTION 'Insufficient balance.' USING ERRCODE = 'SX001';
      END IF;
    END IF;

    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT v_tx[z.p], z.id, z.amt FROM unnest(p_entry_of, v_acc, p_amounts) AS z (p, id, amt)
    WHERE v_tx[z.p] IS NOT NULL;
  END IF;

  -- Every posting's transaction: the new one, or the one its key posted first.
  RETURN QUERY
  SELECT x.i::integer, coalesce(v_tx[x.i], t.id), v_tx[x.i] IS NOT NULL
  FROM unnest(p_keys) WITH ORDINALITY AS x (k, i)
  LEFT JOIN ledger_transactions t ON v_tx[x.i] IS NULL AND t.idempotency_key = x.k;
END $function$;
