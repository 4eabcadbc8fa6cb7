-- ledger_memo_pieces_restart: its live definition (decision 0057: edit this file; no migration needed).
-- Forgets every memo piece and moves the pieces' instant back to the oldest transaction, for ledger_memo_pieces_fill
-- to cut them again (decision 0091). For a history written with past times (the demo's, a test's, a benchmark's):
-- the pieces hold only while no row is stamped before their instant.
CREATE OR REPLACE FUNCTION public.ledger_memo_pieces_restart()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM ledger_memo_pieces;
  UPDATE ledger_memo_pieces_state SET pieced_until = coalesce((SELECT min(created_at) FROM ledger_transactions), now());
$function$;
