-- ledger_marks_restart: its live definition (decision 0057: edit this file; no migration needed).
-- Forgets every mark and running count and moves the marks' instant back to `from`, for ledger_marks_fill to mark the
-- hours again (decisions 0090, 0092). For a history written with past times (the demo's, a test's, a benchmark's):
-- the marks hold only while no row is stamped before their instant.
CREATE OR REPLACE FUNCTION public.ledger_marks_restart(from_ timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM ledger_marks;
  DELETE FROM ledger_marks_counted;
  UPDATE ledger_marks_state SET marked_until = from_;
$function$;
