-- rollup_live_fold: its live definition (decision 0057: edit this file; no migration needed).
-- Drops the rows of closed hours (readers only read hours at or after the watermark, in the same
-- statement as the watermark itself) and replaces the rows of each open hour by their sums. One folder
-- at a time; rows added meanwhile by writers stay as they are (the DELETE sees its snapshot only).
-- Returns how many rows it folded.
CREATE OR REPLACE FUNCTION public.rollup_live_fold()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  w timestamptz;
  n bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727025) THEN
    RETURN 0;
  END IF;
  SELECT closed_until INTO w FROM rollup_state WHERE name = 'hourly';
  DELETE FROM ledger_rollup_live WHERE period < w;
  WITH gone AS (DELETE FROM ledger_rollup_live RETURNING *),
  folded AS (
    INSERT INTO ledger_rollup_live (period, asset, source, income, credit, entries, amount)
    SELECT period, asset, source, income, credit, sum(entries), sum(amount)
    FROM gone GROUP BY 1, 2, 3, 4, 5
    RETURNING 1
  )
  SELECT count(*) INTO n FROM gone;
  RETURN n;
END $function$;
