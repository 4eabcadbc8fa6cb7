-- access_ips_record: its live definition (decision 0057: edit this file; no migration needed).
-- A registration is told apart from a sign-in by time: /auth/register inserts the member and opens the
-- session in one transaction, and both rows take created_at from now(), the transaction's start, so they
-- are equal exactly then (a later sign-in runs in another transaction, with a later now()).
CREATE OR REPLACE FUNCTION public.access_ips_record()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
BEGIN
  IF NEW.ip IS NULL OR btrim(NEW.ip) = '' THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.access_ips (user_id, ip_hash, kind, seen_at)
  SELECT NEW.user_id, public.access_ip_hash(NEW.ip),
         CASE WHEN u.created_at = NEW.created_at THEN 'registration' ELSE 'sign_in' END, NEW.created_at
  FROM public.users u WHERE u.id = NEW.user_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;
REVOKE ALL ON FUNCTION access_ips_record() FROM PUBLIC;
