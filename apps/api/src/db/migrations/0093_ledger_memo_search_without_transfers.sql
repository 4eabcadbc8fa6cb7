-- The memo search index without transfers (decision 0085). Every transfer wrote its generated memo ('transfer from
-- member A to member B', some 40 trigrams) into the index of migration 0092: about 7% of a transfer's database CPU
-- (bench:ab). The admin search reads memos through `t.kind <> 'transfer' AND t.memo ILIKE ...`, which this index
-- serves; a transfer is found by either party's username, its id or the transfer source.
DROP INDEX ledger_transactions_memo_trgm_idx;
CREATE INDEX ledger_transactions_memo_trgm_idx ON ledger_transactions USING gin (memo gin_trgm_ops)
  WHERE kind <> 'transfer';
