-- member_search_keep: its live definition (decision 0057: edit this file; no migration needed).
CREATE OR REPLACE FUNCTION public.member_search_keep()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO member_search (user_id, text, username)
  VALUES (NEW.id, member_search_text(NEW.username, NEW.email, NEW.fullname, NEW.refferal_code, NEW.phone), NEW.username)
  ON CONFLICT (user_id) DO UPDATE SET text = excluded.text, username = excluded.username
    WHERE (member_search.text, member_search.username) IS DISTINCT FROM (excluded.text, excluded.username);
  RETURN NULL;
END $function$;
