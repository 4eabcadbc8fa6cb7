-- ledger_post_many: its live definition (decision 0057: edit this file; no migration needed).
-- The one writer of ledger_entries (decisions 0064, 0065): every posting goes through it, one or many at once.
-- Every service's post() (ledger.service.ts), transfer_touser.sql, withdrawal_request.sql, token_trade.sql and
-- roi_claim.sql post one or a few; postIncomeFrom (income.batch.ts: the salary and CTO for every member at once),
-- the chain deposit credits (deposits.credit.ts) and the payouts paid on chain (payouts.verify.ts) post many.
--
-- Posting i: p_keys[i] (its idempotency key, kept for all time in ledger_transaction_keys, decision 0097: a key
-- posted before posts nothing and answers its first transaction),
-- p_kinds[i], p_income_types[i], p_member_ids[i], p_memos[i], p_details[i]; all by p_created_by. An income posting
-- (p_income_types[i] set) is held before it is paid when its type has a hold period or its member an open flag
-- (income_hold_take.sql, decision 0076: a second transaction, no income type, to the member's 'pending'); it names
-- in its details the rule version in force (decision 0070: rule_versions, the latest
-- one; read once a call, only when an income is posted), so every income credit says which rules computed it. Entry j belongs to
-- posting p_entry_of[j] (1-based) and moves p_amounts[j] on the account (p_owners[j], p_account_kinds[j],
-- p_assets[j]), opened when missing (a platform account, owner NULL, may go negative). Each account of a new
-- posting is looked up once by its key (an index probe per entry, LIMIT 1 keeps it one: never a scan of every
-- account, whatever the table's statistics say); member balances move once per account, summed, in account-id
-- order (no deadlock with any other writer) and never below zero unless allowed (SX001); platform accounts take
-- no row lock, their balance is their entries' sum; the entries in one INSERT, so the zero-sum and live-rollup
-- triggers run once. Keys must be distinct (SX002).
--
-- One posting, nearly every call (a transfer, a withdrawal request, a trade, an admin's decision), takes its own
-- short path (decision 0065): the transaction by INSERT ... VALUES; its accounts looked up in one statement; each
-- member account moved by its own UPDATE, in id order (a transaction touches an account once: the entries' unique
-- key); the entries; the answer without a query. Many postings (a claim's credits, a batch of deposit credits or
-- payouts) take set-based statements: the transactions in one INSERT that also checks the keys differ; the accounts
-- in one statement; the member accounts locked in id order and moved by one UPDATE; the entries in one INSERT. Both paths are proven to leave the same
-- ledger (ledger.many.int.test.ts). Each PL/pgSQL expression and statement is set up again in every transaction,
-- so the one-posting path keeps them few (measured in instructions: npm run bench:ab -- --instructions; decision
-- 0066). The statements keep one generic plan per connection (decision 0047); ROWS 1 tells the planner what nearly
-- every call returns.
CREATE OR REPLACE FUNCTION public.ledger_post_many(p_keys text[], p_kinds text[], p_income_types text[], p_member_ids bigint[], p_memos text[], p_details jsonb[], p_created_by bigint, p_entry_of integer[], p_owners bigint[], p_account_kinds text[], p_assets text[], p_amounts bigint[])
 RETURNS TABLE(posting integer, transaction_id bigint, created boolean)
 LANGUAGE plpgsql
 ROWS 1
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_n integer := coalesce(cardinality(p_keys), 0);
  v_e integer := coalesce(cardinality(p_amounts), 0);
  v_one bigint;
  v_keys integer;
  v_tx bigint[];      -- per posting: its new transaction; NULL when its key was posted before
  v_acc bigint[];     -- per entry: its account (0 for an entry of a posting posted before)
  v_members integer;  -- the member accounts that move
  v_moved integer;
  r record;
BEGIN
  IF v_n = 0 AND v_e = 0 THEN
    RETURN;
  END IF;
  -- One element per posting in each posting array and per entry in each entry array (one expression: each costs).
  IF ARRAY[cardinality(p_kinds), cardinality(p_income_types), cardinality(p_member_ids), cardinality(p_memos),
           cardinality(p_details), cardinality(p_entry_of), cardinality(p_owners), cardinality(p_account_kinds),
           cardinality(p_assets)] IS DISTINCT FROM ARRAY[v_n, v_n, v_n, v_n, v_n, v_e, v_e, v_e, v_e]
     OR v_n = 0 OR (v_n = 1 AND p_entry_of <> array_fill(1, ARRAY[v_e])) THEN
    RAISE EXCEPTION 'ledger_post: transaction % needs one owner, kind, asset and amount per entry', p_keys[1]
      USING ERRCODE = 'SX002';
  END IF;

  IF v_n = 1 THEN
    -- The key first (its home for all time, decision 0097): a key posted before posts nothing.
    INSERT INTO ledger_transaction_keys (idempotency_key, id, created_at)
    VALUES (p_keys[1], nextval('ledger_transactions_id_seq'), now())
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_one;
    IF v_one IS NULL THEN
      -- Posted before (or by a concurrent call that has now committed): the first result stands.
      RETURN QUERY SELECT 1, k.id, false FROM ledger_transaction_keys k WHERE k.idempotency_key = p_keys[1];
      RETURN;
    END IF;
    INSERT INTO ledger_transactions (id, idempotency_key, kind, income_type, member_id, memo, details, created_by)
    VALUES (v_one, p_keys[1], p_kinds[1], p_income_types[1], p_member_ids[1], p_memos[1],
            CASE WHEN p_income_types[1] IS NULL THEN p_details[1]
                 ELSE coalesce(p_details[1], '{}') || jsonb_build_object('rule_version', (SELECT max(v.version) FROM rule_versions v)) END,
            p_created_by);
    FOR attempt IN 1 .. 2 LOOP
      -- Each entry's account: one index probe (LIMIT 1 keeps it one, whatever the table's statistics say).
      SELECT array_agg(a.id ORDER BY x.j) INTO v_acc
      FROM unnest(p_owners, p_account_kinds, p_assets) WITH ORDINALITY AS x (o, k, s, j)
      LEFT JOIN LATERAL (
        SELECT acc.id FROM ledger_accounts acc
        WHERE coalesce(acc.owner_id, 0) = coalesce(x.o, 0) AND acc.kind = x.k AND acc.asset = x.s
        LIMIT 1
      ) a ON true;
      EXIT WHEN array_position(v_acc, NULL) IS NULL;
      IF attempt = 2 THEN
        RAISE EXCEPTION 'ledger_post: an account of transaction % could not be opened', p_keys[1] USING ERRCODE = 'SX002';
      END IF;
      -- Opened when missing (a platform account, owner NULL, may go negative), then looked up again.
      INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
      SELECT DISTINCT y.o, y.k, y.s, y.o IS NULL
      FROM unnest(p_owners, p_account_kinds, p_assets, v_acc) AS y (o, k, s, id)
      WHERE y.id IS NULL
      ON CONFLICT DO NOTHING;
    END LOOP;
    -- Member balances: in id order, never below zero unless allowed.
    FOR r IN
      SELECT y.id, y.amt FROM unnest(v_acc, p_amounts, p_owners) AS y (id, amt, o) WHERE y.o IS NOT NULL ORDER BY y.id
    LOOP
      UPDATE ledger_accounts a SET balance = a.balance + r.amt
      WHERE a.id = r.id AND (a.allow_negative OR a.balance + r.amt >= 0);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Insufficient balance.' USING ERRCODE = 'SX001';
      END IF;
    END LOOP;
    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT v_one, y.id, y.amt FROM unnest(v_acc, p_amounts) AS y (id, amt);
    IF p_income_types[1] IS NOT NULL THEN
      -- Income: held before it is paid when its type has a hold period or its member a flag (decision 0076).
      PERFORM income_hold_take(ARRAY[v_one]);
    END IF;
    posting := 1;
    transaction_id := v_one;
    created := true;
    RETURN NEXT;
    RETURN;
  END IF;

  -- Many postings. Each entry names a posting of this call.
  IF EXISTS (SELECT 1 FROM unnest(p_entry_of) AS e (p) WHERE e.p IS NULL OR e.p NOT BETWEEN 1 AND v_n) THEN
    RAISE EXCEPTION 'ledger_post: an entry of transaction % names no posting of the call', p_keys[1]
      USING ERRCODE = 'SX002';
  END IF;
  -- The keys first (a key posted before posts nothing). A key twice among them is refused after the INSERT (which
  -- skips the second): the error undoes it.
  WITH ins AS (
    INSERT INTO ledger_transaction_keys (idempotency_key, id, created_at)
    SELECT x.k, nextval('ledger_transactions_id_seq'), now() FROM unnest(p_keys) AS x (k)
    ON CONFLICT DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT array_agg(ins.id ORDER BY x.i), count(DISTINCT x.k) INTO v_tx, v_keys
  FROM unnest(p_keys) WITH ORDINALITY AS x (k, i) LEFT JOIN ins ON ins.idempotency_key = x.k;
  IF v_keys <> v_n THEN
    RAISE EXCEPTION 'ledger_post: a key appears twice among % postings', v_n USING ERRCODE = 'SX002';
  END IF;

  IF cardinality(array_remove(v_tx, NULL)) > 0 THEN
    INSERT INTO ledger_transactions (id, idempotency_key, kind, income_type, member_id, memo, details, created_by)
    SELECT v_tx[x.i], x.k, x.kd, x.it, x.m, x.memo,
           CASE WHEN x.it IS NULL THEN x.d
                ELSE coalesce(x.d, '{}') || jsonb_build_object('rule_version', (SELECT max(v.version) FROM rule_versions v)) END,
           p_created_by
    FROM unnest(p_keys, p_kinds, p_income_types, p_member_ids, p_memos, p_details) WITH ORDINALITY
         AS x (k, kd, it, m, memo, d, i)
    WHERE v_tx[x.i] IS NOT NULL;
    FOR attempt IN 1 .. 2 LOOP
      -- Each entry's account: one index probe (none for an entry of a posting posted before: 0).
      SELECT array_agg(CASE WHEN v_tx[y.p] IS NULL THEN 0 ELSE a.id END ORDER BY y.j) INTO v_acc
      FROM unnest(p_entry_of, p_owners, p_account_kinds, p_assets) WITH ORDINALITY AS y (p, o, k, s, j)
      LEFT JOIN LATERAL (
        SELECT acc.id FROM ledger_accounts acc
        WHERE v_tx[y.p] IS NOT NULL AND coalesce(acc.owner_id, 0) = coalesce(y.o, 0) AND acc.kind = y.k
          AND acc.asset = y.s
        LIMIT 1
      ) a ON true;
      EXIT WHEN array_position(v_acc, NULL) IS NULL;
      IF attempt = 2 THEN
        RAISE EXCEPTION 'ledger_post: an account of transaction % could not be opened', p_keys[1] USING ERRCODE = 'SX002';
      END IF;
      -- Opened when missing (a platform account, owner NULL, may go negative), then looked up again.
      INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
      SELECT DISTINCT y.o, y.k, y.s, y.o IS NULL
      FROM unnest(p_owners, p_account_kinds, p_assets, v_acc) AS y (o, k, s, id)
      WHERE y.id IS NULL
      ON CONFLICT DO NOTHING;
    END LOOP;

    -- Member balances: every member account locked in id order first, then each moved once by the sum of its
    -- entries in one UPDATE, never below zero unless allowed (one statement each: a statement per account would
    -- set the table's checks up again each time, decision 0066).
    PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_acc) AND a.owner_id IS NOT NULL ORDER BY a.id
    FOR NO KEY UPDATE;
    GET DIAGNOSTICS v_members = ROW_COUNT;
    UPDATE ledger_accounts a SET balance = a.balance + m.amt
    FROM (SELECT y.id, sum(y.amt)::bigint AS amt FROM unnest(v_acc, p_amounts, p_owners) AS y (id, amt, o)
          WHERE y.o IS NOT NULL AND y.id > 0 GROUP BY y.id) m
    WHERE a.id = m.id AND (a.allow_negative OR a.balance + m.amt >= 0);
    GET DIAGNOSTICS v_moved = ROW_COUNT;
    IF v_moved <> v_members THEN
      RAISE EXCEPTION 'Insufficient balance.' USING ERRCODE = 'SX001';
    END IF;

    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT v_tx[z.p], z.id, z.amt FROM unnest(p_entry_of, v_acc, p_amounts) AS z (p, id, amt)
    WHERE v_tx[z.p] IS NOT NULL;
    IF cardinality(array_remove(p_income_types, NULL)) > 0 THEN
      -- Income: held before it is paid when its type has a hold period or its member a flag (decision 0076).
      PERFORM income_hold_take(array_remove(v_tx, NULL));
    END IF;
  END IF;

  -- Every posting's transaction: the new one, or the one its key posted first.
  IF array_position(v_tx, NULL) IS NULL THEN
    FOR i IN 1 .. v_n LOOP
      posting := i;
      transaction_id := v_tx[i];
      created := true;
      RETURN NEXT;
    END LOOP;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT x.i::integer, coalesce(v_tx[x.i], t.id), v_tx[x.i] IS NOT NULL
  FROM unnest(p_keys) WITH ORDINALITY AS x (k, i)
  LEFT JOIN ledger_transaction_keys t ON v_tx[x.i] IS NULL AND t.idempotency_key = x.k;
END $function$;
