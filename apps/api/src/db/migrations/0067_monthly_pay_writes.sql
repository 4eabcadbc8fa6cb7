-- Monthly pay at a million members (decision 0049). What a month's tens of thousands of credits
-- paid for beyond their own rows:
--
-- 1. One pass over a statement's entries instead of two. The zero-sum check (0064) and the live figures
--    (0062) each looked every inserted entry's transaction and account up by key; one trigger now looks
--    them up once and does both. The checks and their errors are unchanged.
-- 2. A ledger transaction's member and author (member_id, created_by) and a CTO share's member and payout
--    were checked by foreign keys: one query and one row lock (FOR KEY SHARE) per row, on the users row
--    of every member paid. They are checked once per statement instead, by key, as 0064 does for entries
--    (SQLSTATE 23503, as the keys did). What the keys also guarded, that a referenced row cannot go away:
--    a user is never deleted (members are closed with deleted_at), which the database now refuses, as it
--    refuses deleting a payout.
-- ledger_entries_statement: now in functions/ledger_entries_statement.sql (decision 0057).

DROP TRIGGER IF EXISTS ledger_entries_zero_sum ON ledger_entries;
DROP TRIGGER IF EXISTS ledger_entries_rollup_live ON ledger_entries;
DROP FUNCTION IF EXISTS ledger_check_zero_sum_statement();
DROP FUNCTION IF EXISTS ledger_rollup_live_add();
-- ledger_entries.ledger_entries_checked: now in triggers/ledger_entries.ledger_entries_checked.sql (decision 0057).

-- ledger_transactions_statement: now in functions/ledger_transactions_statement.sql (decision 0057).

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_member_id_fkey;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_created_by_fkey;
-- ledger_transactions.ledger_transactions_checked: now in triggers/ledger_transactions.ledger_transactions_checked.sql (decision 0057).

-- cto_shares_statement: now in functions/cto_shares_statement.sql (decision 0057).

ALTER TABLE cto_shares DROP CONSTRAINT cto_shares_user_id_fkey;
ALTER TABLE cto_shares DROP CONSTRAINT cto_shares_payout_id_fkey;
-- cto_shares.cto_shares_checked: now in triggers/cto_shares.cto_shares_checked.sql (decision 0057).

-- refuse_delete: now in functions/refuse_delete.sql (decision 0057).
-- users.users_kept: now in triggers/users.users_kept.sql (decision 0057).
-- users.users_no_truncate: now in triggers/users.users_no_truncate.sql (decision 0057).
-- cto_payouts.cto_payouts_kept: now in triggers/cto_payouts.cto_payouts_kept.sql (decision 0057).
-- cto_payouts.cto_payouts_no_truncate: now in triggers/cto_payouts.cto_payouts_no_truncate.sql (decision 0057).
