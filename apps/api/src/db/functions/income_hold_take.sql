-- income_hold_take: its live definition (decision 0057: edit this file; no migration needed).
-- The one rule that holds income before it is paid (decision 0076). ledger_post_many.sql calls it, in the
-- same transaction, with the transactions it has just posted when one of them has an income type. Each of them that
-- credited a member account is held when its income type has a hold period (settings row 'incomeHoldDays', a day
-- count per income type; missing: 0, today's behaviour) or its member has an open compliance flag (member_flags):
-- one more ledger transaction, kind 'income_hold', no income type (so this is not called again), key 'hold:' || the
-- income's key, moves the credited amount from the wallet it went to into the member's 'pending' account, and an
-- income_holds row says when it is paid: the credit's time plus the period, or NULL (held for review) while flagged.
-- All the holds of a call are posted by one ledger_post_many call. The income counted towards the earning cap
-- (users.total_earned) stays counted: it was earned once, held or not.
CREATE OR REPLACE FUNCTION public.income_hold_take(p_tx bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_days jsonb;
  v_seq integer[];
  v_tx bigint[];
  v_key text[];
  v_member bigint[];
  v_wallet text[];
  v_asset text[];
  v_amount bigint[];
  v_neg bigint[];
  v_type text[];
  v_earned timestamptz[];
  v_release timestamptz[];
  v_flagged boolean[];
  v_n integer;
BEGIN
  SELECT s.value INTO v_days FROM settings s WHERE s.key = 'incomeHoldDays';
  -- Today's behaviour, at the cost of two index probes: no income type has hold days and no member has an open flag
  -- (member_flags_open_idx holds open flags only).
  IF NOT EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(v_days) = 'object' THEN v_days ELSE '{}' END) d
                 WHERE jsonb_typeof(d.value) = 'number' AND d.value::numeric > 0)
     AND NOT EXISTS (SELECT 1 FROM member_flags f WHERE f.cleared_at IS NULL) THEN
    RETURN;
  END IF;
  WITH c AS (
    SELECT DISTINCT ON (t.id) t.id, t.idempotency_key, t.income_type, a.owner_id, a.kind, a.asset, e.amount,
           t.created_at,
           CASE WHEN jsonb_typeof(v_days -> t.income_type) = 'number' THEN (v_days ->> t.income_type)::integer
                ELSE 0 END AS days,
           EXISTS (SELECT 1 FROM member_flags f WHERE f.member_id = a.owner_id AND f.cleared_at IS NULL) AS flagged
    FROM ledger_transactions t
    -- An entry carries its transaction's time: with it the lookup reaches one month's partition (0079).
    JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.id = ANY (p_tx) AND t.income_type IS NOT NULL AND a.owner_id IS NOT NULL AND e.amount > 0
      AND a.kind IN ('deposit', 'working', 'non_working', 'compound', 'token')
    ORDER BY t.id, e.id
  ), h AS (
    SELECT c.*, (row_number() OVER (ORDER BY c.id))::integer AS i FROM c WHERE c.days > 0 OR c.flagged
  )
  SELECT array_agg(h.i ORDER BY h.i), array_agg(h.id ORDER BY h.i), array_agg('hold:' || h.idempotency_key ORDER BY h.i),
         array_agg(h.owner_id ORDER BY h.i), array_agg(h.kind ORDER BY h.i), array_agg(h.asset ORDER BY h.i),
         array_agg(h.amount ORDER BY h.i), array_agg(-h.amount ORDER BY h.i), array_agg(h.income_type ORDER BY h.i),
         array_agg(h.created_at ORDER BY h.i),
         array_agg(CASE WHEN h.flagged THEN NULL ELSE h.created_at + make_interval(days => h.days) END ORDER BY h.i),
         array_agg(h.flagged ORDER BY h.i)
  INTO v_seq, v_tx, v_key, v_member, v_wallet, v_asset, v_amount, v_neg, v_type, v_earned, v_release, v_flagged
  FROM h;
  v_n := coalesce(cardinality(v_seq), 0);
  IF v_n = 0 THEN
    RETURN;
  END IF;

  INSERT INTO income_holds (income_transaction_id, hold_transaction_id, member_id, wallet, asset, amount, income_type,
                            earned_at, release_at, held_for)
  SELECT x.tx, m.transaction_id, x.member, x.wallet, x.asset, x.amount, x.type, x.earned, x.release,
         CASE WHEN x.flagged THEN 'flag' ELSE 'period' END
  FROM unnest(v_seq, v_tx, v_member, v_wallet, v_asset, v_amount, v_type, v_earned, v_release, v_flagged)
       AS x (i, tx, member, wallet, asset, amount, type, earned, release, flagged)
  JOIN ledger_post_many(
         v_key, array_fill('income_hold'::text, ARRAY[v_n]), array_fill(NULL::text, ARRAY[v_n]), v_member,
         ARRAY(SELECT CASE WHEN f THEN 'held for review' ELSE 'held until ' || to_char(r AT TIME ZONE 'UTC', 'YYYY-MM-DD') END
               FROM unnest(v_flagged, v_release) WITH ORDINALITY AS y (f, r, j) ORDER BY y.j),
         ARRAY(SELECT jsonb_build_object('income_transaction', t, 'release_at', r)
               FROM unnest(v_tx, v_release) WITH ORDINALITY AS y (t, r, j) ORDER BY y.j),
         NULL, v_seq || v_seq, v_member || v_member, v_wallet || array_fill('pending'::text, ARRAY[v_n]),
         v_asset || v_asset, v_neg || v_amount) AS m ON m.posting = x.i
  ON CONFLICT (income_transaction_id) DO NOTHING;
END $function$;
