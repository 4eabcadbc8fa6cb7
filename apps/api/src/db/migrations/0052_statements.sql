-- Member statements (decision 0043) read one account's entries with their transactions: the entries
-- of an account in transaction order with their amounts, from the index alone (no visit of the entries' rows).
-- It covers every read the index it replaces (0018: account_id INCLUDE amount) served (ledger_post's and
-- reconcile's sums per account), so that one goes: one index to keep up per entry, as before.
CREATE INDEX ledger_entries_account_tx_idx ON ledger_entries (account_id, transaction_id) INCLUDE (amount);
DROP INDEX ledger_entries_account_amount_idx;
