-- ledger_refuse_change: its live definition (decision 0057: edit this file; no migration needed).
-- Append only: entries and transactions are never changed; a mistake is corrected by a reversal.
CREATE OR REPLACE FUNCTION public.ledger_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $function$;
