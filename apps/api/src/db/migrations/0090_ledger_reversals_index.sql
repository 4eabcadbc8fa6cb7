-- The reversals, found without reading the ledger (decision 0083): the admin list's status filter reads the reversed
-- transactions through this small index ('reversed': their own entries; 'completed': every entry less theirs, from
-- the rollups' counts), where it tested each entry of the whole ledger for a reversal before. Only an admin's
-- reversal (transactions.adjust.ts) has kind 'reversal', keyed 'reversal:<the reversed transaction's id>'.
CREATE INDEX ledger_transactions_reversal_idx ON ledger_transactions (created_at) WHERE kind = 'reversal';
