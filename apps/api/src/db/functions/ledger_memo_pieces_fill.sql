-- ledger_memo_pieces_fill: its live definition (decision 0057: edit this file; no migration needed).
-- Keeps the pieces (search_grams) of the memos written since ledger_memo_pieces_state's instant, up to the instant
-- before which the ledger is settled (ledger_settled_until: no row can still be stamped before it), at most `days` of
-- history a call, and returns the new instant (decision 0091). Each distinct memo of a source is cut once. Transfers
-- are left out (decision 0085). One filler at a time: a second caller returns the instant as it is. Pieces are only
-- added: a memo never changes (the ledger is append-only).
CREATE OR REPLACE FUNCTION public.ledger_memo_pieces_fill(days integer DEFAULT 30)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
DECLARE
  w timestamptz;
  target timestamptz;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727024) THEN
    RETURN (SELECT pieced_until FROM ledger_memo_pieces_state);
  END IF;
  SELECT pieced_until INTO w FROM ledger_memo_pieces_state FOR UPDATE;
  target := least(ledger_settled_until(clock_timestamp()), w + make_interval(days => days));
  IF target <= w THEN
    RETURN w;
  END IF;

  INSERT INTO ledger_memo_pieces (source, piece)
  SELECT DISTINCT m.source, p.piece
  FROM (
    SELECT DISTINCT coalesce(t.income_type, t.kind) AS source, t.memo
    FROM ledger_transactions t
    WHERE t.created_at >= w AND t.created_at < target AND t.kind <> 'transfer' AND t.memo IS NOT NULL
  ) m
  CROSS JOIN LATERAL unnest(search_grams(m.memo)) AS p (piece)
  ON CONFLICT DO NOTHING;

  UPDATE ledger_memo_pieces_state SET pieced_until = target;
  RETURN target;
END $function$;
