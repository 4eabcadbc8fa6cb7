-- A payout verified on chain whose transaction a chain reorganisation removed (decision 0053, like
-- decision 0028 for deposits): the re-check after payment (chain-payouts/payouts.reorg.ts) reverses the
-- completion in the ledger (the money is held again in pending_withdrawals, the withdrawal pending again), marks
-- the payout 'held' and its batch 'reorged', and an admin resolves it: paid again in a new batch (only once the old
-- batch can provably never pay) or confirmed re-mined (only while the chain shows the batch's payment again).

ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check
  CHECK (status IN ('approved', 'sending', 'paid', 'failed', 'held'));
ALTER TABLE payouts
  -- How many times a reorganisation took this payout's payment back: its ledger keys count with it
  -- (withdrawal-complete:<id> first, then withdrawal-complete:<id>:<reorgs>), so each payment posts once.
  ADD COLUMN reorgs integer NOT NULL DEFAULT 0 CHECK (reorgs >= 0),
  ADD COLUMN reorg_detected_at timestamptz,
  -- What the chain showed when the hold was made.
  ADD COLUMN reorg_note text,
  ADD CONSTRAINT payouts_held_flagged CHECK (
    status <> 'held' OR (batch_id IS NOT NULL AND reorg_detected_at IS NOT NULL AND reorg_note IS NOT NULL));
CREATE INDEX payouts_held_idx ON payouts (reorg_detected_at DESC) WHERE status = 'held';

ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_status_check;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_status_check
  CHECK (status IN ('prepared', 'sent', 'paid', 'failed', 'expired', 'reorged'));
ALTER TABLE payout_batches
  -- When the re-check last read its transaction, and why it is still watched (mined again, too few confirmations).
  ADD COLUMN reorg_checked_at timestamptz,
  ADD COLUMN reorg_note text;
-- The re-check's work: batches a successful transaction paid.
CREATE INDEX payout_batches_recheck_idx ON payout_batches (paid_at) WHERE ref_spent;

-- The member is told of the hold and of its resolution.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conname = 'member_events_kind_check' AND conrelid = 'member_events'::regclass;
  IF def IS NOT NULL AND position('withdrawal_held' IN def) = 0 THEN
    ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
    EXECUTE 'ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''withdrawal_held''::text, ');
  END IF;
END $$;
