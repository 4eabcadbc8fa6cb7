-- Issue 25: an entry's transaction and account are checked once per statement, with its balance (decision 0048).
--
-- The two foreign keys of ledger_entries ran one query per entry (a lookup and a row lock of the transaction
-- and of the account, FOR KEY SHARE): at a million members a month's CTO credits spent a second in them, and
-- every transfer four queries. The per-statement check of 0021, which already looks every inserted entry's
-- account up by key, now also refuses an entry whose account or transaction does not exist (SQLSTATE 23503,
-- as the foreign key did). What the keys also guarded, that a referenced row cannot go away, is kept by
-- refusing DELETE and TRUNCATE on ledger_accounts and TRUNCATE on ledger_transactions (their DELETE is refused
-- since 0003): a ledger row, once written, stays.

CREATE OR REPLACE FUNCTION ledger_check_zero_sum_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT r.transaction_id, r.asset, sum(r.amount) AS total, bool_and(r.known) AS known INTO bad
  FROM (
    SELECT n.transaction_id, n.amount, (SELECT a.asset FROM ledger_accounts a WHERE a.id = n.account_id) AS asset,
           EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = n.transaction_id) AS known
    FROM inserted n
  ) r
  GROUP BY r.transaction_id, r.asset
  HAVING sum(r.amount) <> 0 OR r.asset IS NULL OR NOT bool_and(r.known)
  ORDER BY r.asset IS NULL DESC, bool_and(r.known)  -- a missing row is named before an unbalanced sum
  LIMIT 1;
  IF FOUND THEN
    IF bad.asset IS NULL THEN
      RAISE EXCEPTION 'ledger entry of transaction % names no account', bad.transaction_id USING ERRCODE = '23503';
    ELSIF NOT bad.known THEN
      RAISE EXCEPTION 'ledger entry names no transaction %', bad.transaction_id USING ERRCODE = '23503';
    END IF;
    RAISE EXCEPTION 'ledger transaction % does not balance in % (sum %)', bad.transaction_id, bad.asset, bad.total
      USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END $$;

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transaction_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;

CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
