-- session_lookup: its live definition (decision 0057: edit this file; no migration needed).
-- Decision 0096: the sessions that token hashes open, for the check every signed-in request makes (decision 0048
-- batches the checks arriving together into one call). Each hash is looked up by its unique index (the lateral's
-- OFFSET 0 keeps it a lookup per hash, whatever the statistics say); a hash that opens no live session (unknown,
-- revoked, expired, its member deleted or suspended, or its role changed) has no row.
-- It is a PL/pgSQL function so that its plan is made once per server connection and kept there, whichever
-- client uses that connection: through a transaction pooler (decision 0078) the app's statements go unnamed and
-- are planned on every call, and this call's own plan is a function scan, far cheaper than the join's. Its inner
-- plan is forced generic: a custom plan knows the array's length and always looks cheaper than the generic one,
-- so PostgreSQL would plan the join again on every call (measured: as dear as the unnamed statement it replaces).
CREATE OR REPLACE FUNCTION public.session_lookup(p_hashes bytea[], p_now timestamp with time zone)
 RETURNS TABLE(id bigint, user_id bigint, role text, second_factor text, staff_roles text[], token_hash bytea, two_factor_on boolean)
 LANGUAGE plpgsql
 STABLE
 ROWS 1
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  RETURN QUERY
  SELECT x.* FROM unnest(p_hashes) AS h(hash)
  CROSS JOIN LATERAL (
    SELECT s.id, s.user_id, u.role, s.second_factor, u.staff_roles, s.token_hash,
           EXISTS (SELECT 1 FROM two_factors f WHERE f.user_id = s.user_id AND f.confirmed_at IS NOT NULL)
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = h.hash AND s.revoked_at IS NULL AND s.expires_at > p_now
      AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.role = s.role
    OFFSET 0
  ) x;
END
$function$;
