-- sgx_div_half_up: its live definition (decision 0057: edit this file; no migration needed).
-- divRoundHalfUp of @sgx/money: a / b rounded half away from zero.
CREATE OR REPLACE FUNCTION public.sgx_div_half_up(a numeric, b numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT sign(a) * sign(b) * (div(abs(a), abs(b)) + CASE WHEN mod(abs(a), abs(b)) * 2 >= abs(b) THEN 1 ELSE 0 END)
$function$;
