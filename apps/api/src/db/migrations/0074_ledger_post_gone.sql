-- Decision 0065: every posting goes through the one writer of the ledger, ledger_post_many (db/functions/
-- ledger_post_many.sql), one posting or many; the one-posting wrapper ledger_post is gone. A database whose
-- ledger_post came from a migration (0018 .. 0057, before the source tree of decision 0057) drops it here; one
-- whose ledger_post came from the tree has it dropped by the tree as well (nothing left to drop then).
DROP FUNCTION IF EXISTS ledger_post(text, text, text, bigint, text, jsonb, bigint, bigint[], text[], text[], bigint[]);
