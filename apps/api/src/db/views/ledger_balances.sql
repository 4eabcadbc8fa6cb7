-- ledger_balances: its live definition (decision 0057: edit this file; no migration needed).
-- Every account with its balance: a member account's kept balance, a platform account's sum of entries.
CREATE OR REPLACE VIEW ledger_balances AS
SELECT a.id, a.owner_id, a.kind, a.asset, a.allow_negative,
       CASE WHEN a.owner_id IS NOT NULL THEN a.balance
            ELSE (SELECT coalesce(sum(e.amount), 0)::bigint FROM ledger_entries e WHERE e.account_id = a.id)
                 -- and what months detached for archive left (decision 0079)
                 + (SELECT coalesce(sum(s.amount), 0)::bigint FROM ledger_archived_sums s WHERE s.account_id = a.id)
       END AS balance
FROM ledger_accounts a;
