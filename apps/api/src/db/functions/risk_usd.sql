-- risk_usd: its live definition (decision 0057: edit this file; no migration needed).
-- Sentence parts. An amount in units of 10^-8 as USD with 2 decimals, rounded half-up and grouped in
-- thousands as formatUsd does; a count with its noun; a span of time in the largest whole unit.
CREATE OR REPLACE FUNCTION public.risk_usd(p_units numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT to_char(round(p_units / 100000000, 2), 'FM999,999,999,999,999,990.00') || ' USD'
$function$;
