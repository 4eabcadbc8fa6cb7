-- account_sums_fold: its live definition (decision 0057: edit this file; no migration needed).
-- Moves the appended rows into the folded ones, one folder at a time. Rows appended meanwhile stay (the
-- DELETE sees its snapshot only); a reader sums both tables in one statement, so it sees every entry
-- once, before or after a fold. Returns how many rows it folded.
CREATE OR REPLACE FUNCTION public.account_sums_fold()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  n bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727062) THEN
    RETURN 0;
  END IF;
  WITH gone AS (DELETE FROM ledger_account_sums_live RETURNING *),
  folded AS (
    INSERT INTO ledger_account_sums AS s (account_id, source, income, credit, entries, amount)
    SELECT account_id, source, income, credit, sum(entries)::bigint, sum(amount)::bigint
    FROM gone GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, source, income, credit)
    DO UPDATE SET entries = s.entries + excluded.entries, amount = s.amount + excluded.amount
  )
  SELECT count(*) INTO n FROM gone;
  RETURN n;
END $function$;
