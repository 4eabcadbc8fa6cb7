-- The memo search index keyed by source as well (decision 0087). A search with a side (`transaction_type`) is
-- narrowed to the sources that have rows of that side (the rollups know them), but the trigram index alone could only
-- return every transaction whose memo matches: 'roi' with the debit filter read millions of ROI incomes to find none
-- (9.4 s at 1,000,000 members). With the source as the index's first column (btree_gin), GIN intersects the source's
-- posting list with the memo's trigrams inside the index. A memo-only search uses the same index (GIN reads any
-- subset of its columns). Transfers stay out (decision 0085).
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX ledger_transactions_memo_trgm_idx;
CREATE INDEX ledger_transactions_memo_trgm_idx ON ledger_transactions
  USING gin ((coalesce(income_type, kind)), memo gin_trgm_ops)
  WHERE kind <> 'transfer';
