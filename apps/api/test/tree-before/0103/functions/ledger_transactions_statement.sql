-- ledger_transactions_statement as it was before migration 0103 (decision 0097 added the keys), for databaseAt.
-- A ledger transaction's member and author, once per statement.
CREATE OR REPLACE FUNCTION public.ledger_transactions_statement()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  missing bigint;
BEGIN
  SELECT r.id INTO missing
  FROM (SELECT member_id AS id FROM inserted WHERE member_id IS NOT NULL
        UNION ALL
        SELECT created_by FROM inserted WHERE created_by IS NOT NULL) r
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.id OFFSET 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction names no user %', missing USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $function$;
