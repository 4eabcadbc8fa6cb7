-- Marks inside the hour still open (decision 0092). A mark said how many of its hour's rows were newer than its
-- transaction (decision 0090): a count that moves while the hour takes rows, so only closed hours were marked, and a
-- page deep inside the hour of a daily run was read by skipping every row before it until the hour closed and its
-- marks were made (3 s at 1,000,000 members, for about an hour and ten minutes a day). A mark now says how many rows
-- are at or older than its transaction (`through`): that count never moves once the rows before the mark are settled
-- (ledger_settled_until), and a page's position newest first is the hour's rows (from the rollups) less it. The
-- marks are made up to the instant the rows are settled, in open hours too; `ledger_marks_counted` carries each
-- hour's running counts from one call to the next.

-- The rows at or older than each mark's transaction: the hour's rows of that asset, source and side, less those newer.
ALTER TABLE ledger_marks ADD COLUMN through bigint;
UPDATE ledger_marks m SET through = h.entries - m.position
FROM (
  SELECT k.period, k.asset, k.source, k.side, sum(x.entries)::bigint AS entries
  FROM (SELECT DISTINCT period, asset, source, side FROM ledger_marks) k
  JOIN ledger_rollups x ON x.grain = 'hour' AND x.period = k.period AND x.asset = k.asset
   AND (k.source = '' OR x.source = k.source)
   AND (k.side = '' OR x.credit = (k.side = 'credit'))
  GROUP BY 1, 2, 3, 4
) h
WHERE h.period = m.period AND h.asset = m.asset AND h.source = m.source AND h.side = m.side;
-- A mark whose hour has no rollup (none should) is dropped: the job does not mark its hour again, which is read as
-- an unmarked one.
DELETE FROM ledger_marks WHERE through IS NULL;
ALTER TABLE ledger_marks DROP CONSTRAINT ledger_marks_pkey;
-- Kept for an instance of the version before during a rolling upgrade, which reads `position`: the marks made before
-- this migration keep it (still right: their hours are closed); those made since have none, which its read skips.
ALTER TABLE ledger_marks ALTER COLUMN position DROP NOT NULL;
COMMENT ON COLUMN ledger_marks.position IS
  'the hour''s rows newer than the transaction''s, as 0098 kept them: only in marks made before 0100 (decision 0092)';
ALTER TABLE ledger_marks ALTER COLUMN through SET NOT NULL;
ALTER TABLE ledger_marks ADD PRIMARY KEY (period, asset, source, side, through);
COMMENT ON COLUMN ledger_marks.through IS
  'the hour''s rows (of this asset, source and side) at or older than the transaction''s: its rows end at it';

-- The running counts of the hours being marked: how many rows of each asset, source ('' all) and side ('' both) of
-- the hour are before the marks' instant. An hour's counts go once the instant has passed its end.
CREATE TABLE ledger_marks_counted (
  period timestamptz NOT NULL,
  asset text NOT NULL,
  source text NOT NULL,
  side text NOT NULL CHECK (side IN ('', 'credit', 'debit')),
  counted bigint NOT NULL,
  PRIMARY KEY (period, asset, source, side)
);

-- The marks' instant, no longer an hour's start (rollup_state holds hours only): every row before it is counted.
CREATE TABLE ledger_marks_state (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  marked_until timestamptz NOT NULL
);
INSERT INTO ledger_marks_state (marked_until)
VALUES (coalesce((SELECT closed_until FROM rollup_state WHERE name = 'marks'),
                 (SELECT closed_until FROM rollup_state WHERE name = 'hourly'), now()));
DELETE FROM rollup_state WHERE name = 'marks';

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sgx_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ledger_marks_counted TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE ON ledger_marks_counted FROM sgx_app';
    EXECUTE 'GRANT SELECT, UPDATE ON ledger_marks_state TO sgx_app';
    EXECUTE 'REVOKE TRUNCATE, INSERT, DELETE ON ledger_marks_state FROM sgx_app';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'grants to sgx_app skipped: %', SQLERRM;
END $$;
