-- An entry's transaction and account are checked once per statement, with its balance (decision 0048).
--
-- The two foreign keys of ledger_entries ran one query per entry (a lookup and a row lock of the transaction
-- and of the account, FOR KEY SHARE): at a million members a month's CTO credits spent a second in them, and
-- every transfer four queries. The per-statement check of 0021, which already looks every inserted entry's
-- account up by key, now also refuses an entry whose account or transaction does not exist (SQLSTATE 23503,
-- as the foreign key did). What the keys also guarded, that a referenced row cannot go away, is kept by
-- refusing DELETE and TRUNCATE on ledger_accounts and TRUNCATE on ledger_transactions (their DELETE is refused
-- since 0003): a ledger row, once written, stays.
-- ledger_check_zero_sum_statement: retired later (was defined here before decision 0057).

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transaction_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;

-- ledger_accounts.ledger_accounts_kept: now in triggers/ledger_accounts.ledger_accounts_kept.sql (decision 0057).
-- ledger_accounts.ledger_accounts_no_truncate: now in triggers/ledger_accounts.ledger_accounts_no_truncate.sql (decision 0057).
-- ledger_transactions.ledger_transactions_no_truncate: now in triggers/ledger_transactions.ledger_transactions_no_truncate.sql (decision 0057).
