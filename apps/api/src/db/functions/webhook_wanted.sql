-- webhook_wanted: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0072: whether any enabled webhook endpoint wants events of p_type. webhook_emit.sql writes only then; a hot
-- path (withdrawal_request.sql) asks it first, so without such an endpoint it does not even build the event's data.
CREATE OR REPLACE FUNCTION public.webhook_wanted(p_type text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.enabled AND p_type = ANY (e.events))
$function$;
