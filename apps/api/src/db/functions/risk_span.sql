-- risk_span: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.risk_span(p_span interval)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT CASE
    WHEN s < 60 THEN 'less than a minute'
    WHEN s < 3600 THEN risk_count(floor(s / 60)::bigint, 'minute', 'minutes')
    WHEN s < 86400 THEN risk_count(floor(s / 3600)::bigint, 'hour', 'hours')
    ELSE risk_count(floor(s / 86400)::bigint, 'day', 'days')
  END
  FROM (SELECT floor(greatest(extract(epoch FROM p_span), 0)) AS s) x
$function$;
