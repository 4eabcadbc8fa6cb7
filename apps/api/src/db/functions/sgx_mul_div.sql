-- sgx_mul_div: its live definition (decision 0057: edit this file; no migration needed).
-- mulDiv of @sgx/money.
CREATE OR REPLACE FUNCTION public.sgx_mul_div(a bigint, b bigint, c bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT sgx_div_half_up(a::numeric * b::numeric, c::numeric)::bigint
$function$;
