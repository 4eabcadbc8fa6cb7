-- The zero-sum check once per statement instead of once per entry row at commit (decision 0010).
--
-- The check was a deferred constraint trigger FOR EACH ROW: at commit it ran one query per entry, so a
-- posting of 2 entries ran 2 identical checks and a batch of 67,000 CTO credits ran 134,000. Entries are
-- append-only and every writer inserts a transaction's entries in one statement (ledger_post, the income
-- batch), so a check after each INSERT statement proves the same invariant, and earlier: no statement
-- can leave a transaction unbalanced, not only no commit. The trigger keeps its name.

DROP TRIGGER IF EXISTS ledger_entries_zero_sum ON ledger_entries;

-- ledger_check_zero_sum_statement: retired later (was defined here before decision 0057).

-- ledger_entries.ledger_entries_zero_sum: retired later (was defined here before decision 0057).

-- The row-level check of 0003 is no longer used.
DROP FUNCTION IF EXISTS ledger_check_zero_sum();
