-- member_search_text: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.member_search_text(username text, email text, fullname text, code text, phone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT username || ' ' || email || ' ' || fullname || ' ' || code || ' ' || coalesce(phone, '')
$function$;
