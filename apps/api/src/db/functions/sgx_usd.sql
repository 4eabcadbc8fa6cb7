-- sgx_usd: its live definition (decision 0057: edit this file; no migration needed).
-- usd() of notifications/events.ts: '$' || formatUsd(units), i.e. rounded half up to cents, thousands grouped.
CREATE OR REPLACE FUNCTION public.sgx_usd(p bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT '$' || CASE WHEN c < 0 THEN '-' ELSE '' END
    || to_char(div(abs(c), 100), 'FM999,999,999,999,999,999,990') || '.' || lpad(mod(abs(c), 100)::text, 2, '0')
  FROM (SELECT sgx_div_half_up(p::numeric, 1000000) AS c) x
$function$;
