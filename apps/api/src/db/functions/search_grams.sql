-- search_grams: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.search_grams(t text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT string_to_array(l, NULL) || ARRAY(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) i)
  FROM lower(t) AS l
$function$;
