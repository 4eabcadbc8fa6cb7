-- sgx_div_half_up: its live definition (decision 0057: edit this file; no migration needed).
-- divRoundHalfUp of @sgx/money: a / b rounded half away from zero: the quotient of the magnitudes plus a half,
-- truncated (div), with the sign put back. One expression of strict functions, so the planner inlines it wherever
-- it is called (a CASE would make a STRICT function run through the SQL-function executor at every call, about
-- five times the cost: decision 0066).
CREATE OR REPLACE FUNCTION public.sgx_div_half_up(a numeric, b numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  SELECT sign(a) * sign(b) * div(2 * abs(a) + abs(b), 2 * abs(b))
$function$;
