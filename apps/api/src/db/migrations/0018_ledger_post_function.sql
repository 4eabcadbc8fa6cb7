-- A ledger posting in one round trip, and platform accounts that no longer serialise members (decision 0010).
--
-- 1. Platform accounts (owner_id IS NULL: cash, pending withdrawals, the token treasury, fees, ...) were
--    updated by every posting, so every withdrawal and every trade queued on one row lock. Their balance
--    is now derived from their entries (the view ledger_balances) and their balance column stays 0, which
--    a CHECK enforces. Member accounts keep their balance column, updated in the posting's transaction
--    under the conditional update that forbids an overdraft, exactly as before.
-- 2. ledger_post() does in one statement what post() in ledger.service.ts did in 7 to 10 round trips:
--    the transaction row with its idempotency key (a key posted before returns the first id, created =
--    false), the accounts opened if missing, member balances moved in account-id order (no deadlocks),
--    the entries. The zero-sum trigger still checks every transaction at commit.

CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_id, kind, asset) WHERE owner_id IS NOT NULL;

-- Derived platform balances are sums over an account's entries: an index-only scan.
CREATE INDEX ledger_entries_account_amount_idx ON ledger_entries (account_id) INCLUDE (amount);
DROP INDEX ledger_entries_account_idx;

UPDATE ledger_accounts SET balance = 0 WHERE owner_id IS NULL;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_platform_derived CHECK (owner_id IS NOT NULL OR balance = 0);

-- ledger_balances: now in views/ledger_balances.sql (decision 0057).

-- ledger_post: moved to the source tree (decision 0057), then dropped (0074): every posting goes through
-- functions/ledger_post_many.sql, the one writer of the ledger (decision 0065).
