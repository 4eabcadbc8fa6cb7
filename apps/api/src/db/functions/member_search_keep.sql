-- member_search_keep: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.member_search_keep()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO member_search (user_id, text)
  VALUES (NEW.id, member_search_text(NEW.username, NEW.email, NEW.fullname, NEW.refferal_code, NEW.phone))
  ON CONFLICT (user_id) DO UPDATE SET text = excluded.text WHERE member_search.text IS DISTINCT FROM excluded.text;
  RETURN NULL;
END $function$;
