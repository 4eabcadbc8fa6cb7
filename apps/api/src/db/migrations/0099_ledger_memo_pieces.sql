-- The one- and two-character pieces of the memos of each source (decision 0091). An admin's search for a text without
-- three letters or digits in a row ('a', 'q', 'x-y') has no trigram for the memo index to look up: its matches were
-- walked on the transactions' time index, and a text that no memo of the searched sources holds read every one of
-- them (2.8 s for `q` at 1,000,000 members, 1.1 s for `a` among the debits). A source lacking one of the text's pieces
-- holds it in no memo and is not read. Kept by ledger_memo_pieces_fill (functions/ledger_memo_pieces_fill.sql), run by
-- the `ledger-memo-pieces-minutely` job, up to the instant in ledger_memo_pieces_state; the memos after it are read
-- as they are. Transfers are left out, as in the memo index (decision 0085).
CREATE TABLE ledger_memo_pieces (
  source text NOT NULL,              -- coalesce(income_type, kind)
  piece text NOT NULL,               -- a piece of the lower-cased memo (search_grams)
  PRIMARY KEY (source, piece)
);

-- The instant before which every memo's pieces are kept: at first the oldest transaction (the job then catches up).
CREATE TABLE ledger_memo_pieces_state (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  pieced_until timestamptz NOT NULL
);
INSERT INTO ledger_memo_pieces_state (pieced_until)
SELECT coalesce(min(created_at), now()) FROM ledger_transactions;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT ON ledger_memo_pieces TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, UPDATE, DELETE ON ledger_memo_pieces FROM sgx_app';
    EXECUTE 'GRANT SELECT, UPDATE ON ledger_memo_pieces_state TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, INSERT, DELETE ON ledger_memo_pieces_state FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
