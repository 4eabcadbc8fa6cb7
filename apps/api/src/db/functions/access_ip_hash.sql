-- access_ip_hash: its live definition (decision 0057: edit this file; no migration needed).
-- sha256(pepper || ip), the IP lower-cased and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) taken as its
-- IPv4 address. Executable only by its owner (and so by the trigger sessions_access_ip), never by the app role.
CREATE OR REPLACE FUNCTION public.access_ip_hash(p_ip text)
 RETURNS bytea
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog'
AS $function$
  SELECT sha256((SELECT s.secret FROM public.app_secrets s WHERE s.name = 'ip_pepper')
                || convert_to(regexp_replace(lower(btrim(p_ip)), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), 'UTF8'))
$function$;
REVOKE ALL ON FUNCTION access_ip_hash(text) FROM PUBLIC;
