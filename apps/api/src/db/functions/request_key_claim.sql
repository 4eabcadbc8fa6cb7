-- request_key_claim: its live definition (decision 0057: edit this file; no migration needed).
-- Claims p_key for the request p_fingerprint; a key the server made up itself (no fingerprint) is unique
-- by construction and claims nothing. A second claim of a key still in flight waits on its unique index
-- entry for the first transaction to commit (then compares) or roll back (then claims it).
CREATE OR REPLACE FUNCTION public.request_key_claim(p_key text, p_fingerprint text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_fingerprint text;
BEGIN
  IF p_fingerprint IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO request_keys (key, fingerprint) VALUES (p_key, p_fingerprint) ON CONFLICT (key) DO NOTHING;
  IF FOUND THEN
    RETURN;
  END IF;
  SELECT r.fingerprint INTO v_fingerprint FROM request_keys r WHERE r.key = p_key;
  IF v_fingerprint IS DISTINCT FROM p_fingerprint THEN
    RAISE EXCEPTION 'This Idempotency-Key was already used for a different request.' USING ERRCODE = 'SX302';
  END IF;
END $function$;
