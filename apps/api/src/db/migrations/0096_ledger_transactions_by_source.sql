-- The transactions of one source in time order (decision 0088). A text search whose matches are many is paged by
-- walking the matching transactions newest (or oldest) first. Walked on the transactions' time index, a text whose
-- matches lie in one source reads every other source's transactions on the way: `Gold` with the debit filter read the
-- newest days' incomes before the first top-up (4.8 s at 51.6 M entries), the last page of `roi` six months of
-- deposits before the first ROI. Keyed by source, each source whose memos hold the text is walked on its own and the
-- walks merged; the sources whose memos do not are not read. Transfers stay out, as in the memo index (decision 0085).
CREATE INDEX ledger_transactions_source_idx ON ledger_transactions
  ((coalesce(income_type, kind)), created_at, id)
  WHERE kind <> 'transfer';
