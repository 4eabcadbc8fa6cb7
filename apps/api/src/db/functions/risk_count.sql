-- risk_count: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.risk_count(p_n bigint, p_one text, p_many text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT p_n || ' ' || CASE WHEN p_n = 1 THEN p_one ELSE p_many END
$function$;
