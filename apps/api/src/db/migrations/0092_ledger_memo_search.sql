-- The admin transaction search finds the transactions a memo names through this trigram index (decision 0084),
-- where it walked the joined ledger before: 13-30 s for "roi" at 1,000,000 members. Its cost on each posting is
-- measured in docs/benchmarks.md ("the memo search index").
CREATE INDEX ledger_transactions_memo_trgm_idx ON ledger_transactions USING gin (memo gin_trgm_ops);
