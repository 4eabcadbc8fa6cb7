-- Issue 10: the zero-sum check once per statement instead of once per entry row at commit.
--
-- The check was a deferred constraint trigger FOR EACH ROW: at commit it ran one query per entry, so a
-- posting of 2 entries ran 2 identical checks and a batch of 67,000 CTO credits ran 134,000. Entries are
-- append-only and every writer inserts a transaction's entries in one statement (ledger_post, the income
-- batch), so a check after each INSERT statement of every transaction it touched, over all of that
-- transaction's entries, proves the same invariant, and earlier: no statement can leave a transaction
-- unbalanced, not only no commit. The trigger keeps its name.

DROP TRIGGER ledger_entries_zero_sum ON ledger_entries;

CREATE FUNCTION ledger_check_zero_sum_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT e.transaction_id, a.asset, sum(e.amount) AS total INTO bad
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE e.transaction_id IN (SELECT DISTINCT n.transaction_id FROM inserted n)
  GROUP BY e.transaction_id, a.asset
  HAVING sum(e.amount) <> 0
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
