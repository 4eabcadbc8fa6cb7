-- earned_mark_kept: its live definition (decision 0057: edit this file; no migration needed).
-- Whether the income mark of `day` is kept when `latest` is the latest day marked (earned_marks_close.sql): the last
-- 8 days, the Mondays of the last 100 days and the 1st of each month of the last 400 days (the simulator's longest
-- window is 365 days, decision 0069: its start is then at most a month after a kept mark, at most 6 days in a
-- 90-day window).
CREATE OR REPLACE FUNCTION public.earned_mark_kept(day date, latest date)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT day >= latest - 7 OR (extract(isodow FROM day) = 1 AND day >= latest - 100)
         OR (extract(day FROM day) = 1 AND day >= latest - 400)
$function$;
