-- ledger_transactions_statement: its live definition (decision 0057: edit this file; no migration needed).
-- A ledger transaction's key, member and author, once per statement.
-- - Its key (decision 0097): ledger_transaction_keys holds every transaction's idempotency key, id and time for all
--   time (ledger_transactions is partitioned by month: a key unique across months has its home there). A
--   transaction posted by ledger_post_many has its key already (the same key, id and time); another writer's
--   (fixtures, bulk loads) gets it here, and a key that names another transaction is refused (23505, the keys'
--   unique index), as the key's unique index on the table refused it before.
-- - Its member and author exist.
CREATE OR REPLACE FUNCTION public.ledger_transactions_statement()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  missing bigint;
BEGIN
  WITH keyed AS (
    INSERT INTO ledger_transaction_keys (idempotency_key, id, created_at)
    SELECT i.idempotency_key, i.id, i.created_at FROM inserted i
    WHERE NOT EXISTS (SELECT 1 FROM ledger_transaction_keys k
                      WHERE k.idempotency_key = i.idempotency_key AND k.id = i.id AND k.created_at = i.created_at)
  )
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
