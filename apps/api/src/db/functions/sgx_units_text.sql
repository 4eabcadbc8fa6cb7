-- sgx_units_text: its live definition (decision 0057: edit this file; no migration needed).
-- formatUnits(units) of @sgx/money (8 digits, as amountOut answers): '0.50000000', '-0.00000001'.
-- No CASE (repeat for the sign), so the planner inlines it (sgx_div_half_up.sql).
CREATE OR REPLACE FUNCTION public.sgx_units_text(p bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT repeat('-', (p < 0)::integer)
    || div(abs(p::numeric), 100000000)::text || '.' || lpad(mod(abs(p::numeric), 100000000)::text, 8, '0')
$function$;
