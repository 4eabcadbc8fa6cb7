-- cto_shares_statement: its live definition (decision 0057: edit this file; no migration needed).
-- A CTO share's member and payout, once per statement (a share is written once; the app never changes it).
CREATE OR REPLACE FUNCTION public.cto_shares_statement()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  SELECT n.user_id, n.payout_id INTO bad
  FROM inserted n
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id OFFSET 0)
     OR NOT EXISTS (SELECT 1 FROM cto_payouts p WHERE p.id = n.payout_id OFFSET 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'CTO share names no user % or no payout %', bad.user_id, bad.payout_id USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $function$;
