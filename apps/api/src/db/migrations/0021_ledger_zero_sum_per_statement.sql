-- Issue 10: the zero-sum check once per statement instead of once per entry row at commit.
--
-- The check was a deferred constraint trigger FOR EACH ROW: at commit it ran one query per entry, so a
-- posting of 2 entries ran 2 identical checks and a batch of 67,000 CTO credits ran 134,000. Entries are
-- append-only and every writer inserts a transaction's entries in one statement (ledger_post, the income
-- batch), so a check after each INSERT statement proves the same invariant, and earlier: no statement
-- can leave a transaction unbalanced, not only no commit. The trigger keeps its name.

DROP TRIGGER ledger_entries_zero_sum ON ledger_entries;

-- Only the statement's own rows are summed: every transaction was balanced before the statement (this
-- check, and before it the row check of 0003, held after every earlier one), so it is balanced after it
-- exactly when the rows added to it sum to zero per asset. Summing the new rows alone keeps the cost
-- proportional to the statement, never to the ledger; each row's asset is looked up by primary key.
CREATE FUNCTION ledger_check_zero_sum_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT r.transaction_id, r.asset, sum(r.amount) AS total INTO bad
  FROM (
    SELECT n.transaction_id, n.amount, (SELECT a.asset FROM ledger_accounts a WHERE a.id = n.account_id) AS asset
    FROM inserted n
  ) r
  GROUP BY r.transaction_id, r.asset
  HAVING sum(r.amount) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in % (sum %)', bad.transaction_id, bad.asset, bad.total
      USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_entries_zero_sum AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_zero_sum_statement();

-- The row-level check of 0003 is no longer used.
DROP FUNCTION ledger_check_zero_sum();
