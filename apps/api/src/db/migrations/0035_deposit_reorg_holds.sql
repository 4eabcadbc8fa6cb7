-- A credited chain deposit that a reorganisation removed (decision 0028): the re-check after credit
-- (chains/recheck.ts) holds its amount in the member's 'held' account, flags the deposit for admins, and an
-- admin reverses it (the held amount leaves the books) or releases it (only when the chain shows it again).

-- 'held': a member account no spending path reads (only the reorg hold and its resolution post to it).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  (owner_id IS NOT NULL AND kind IN ('deposit', 'working', 'non_working', 'compound', 'token', 'held'))
  OR (owner_id IS NULL AND kind IN ('cash', 'income_expense', 'fee_revenue', 'pending_withdrawals',
                                    'token_treasury', 'adjustments', 'investments'))
);

-- The member is told of the hold and of its resolution. The kind is added to whatever list is in force, so
-- kinds other migrations added are kept.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'member_events_kind_check' AND conrelid = 'member_events'::regclass;
  IF def IS NOT NULL AND position('deposit_held' IN def) = 0 THEN
    ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
    EXECUTE 'ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''deposit_held''::text, ');
  END IF;
END $$;

-- The flag on the deposit: 'held' until an admin resolves it as 'released' or 'reversed'.
ALTER TABLE deposits
  ADD COLUMN reorg_status text CHECK (reorg_status IN ('held', 'released', 'reversed')),
  ADD COLUMN reorg_detected_at timestamptz,
  -- What the hold moved from the deposit wallet to 'held' (what was there, at most the credit).
  ADD COLUMN held_amount bigint CHECK (held_amount >= 0),
  -- The part of the credit the member had already spent when the hold came: the admin's to recover.
  ADD COLUMN reorg_shortfall bigint CHECK (reorg_shortfall >= 0),
  -- What the chain showed when the hold was made.
  ADD COLUMN reorg_note text,
  -- When the re-check last read this deposit's transaction.
  ADD COLUMN reorg_checked_at timestamptz,
  ADD COLUMN reorg_resolved_by bigint REFERENCES users (id),
  ADD COLUMN reorg_resolved_at timestamptz,
  ADD COLUMN reorg_resolution text,
  ADD CONSTRAINT deposits_reorg_held CHECK (
    reorg_status IS NULL
    OR (reorg_detected_at IS NOT NULL AND held_amount IS NOT NULL AND reorg_shortfall IS NOT NULL))
;

-- The re-check's work: credited chain deposits not flagged, newest credits first.
CREATE INDEX deposits_reorg_recheck_idx ON deposits (decided_at)
  WHERE status = 'complete' AND chain_status = 'credited' AND reorg_status IS NULL;
-- The admins' list of flagged deposits.
CREATE INDEX deposits_reorg_flagged_idx ON deposits (reorg_detected_at DESC) WHERE reorg_status IS NOT NULL;
