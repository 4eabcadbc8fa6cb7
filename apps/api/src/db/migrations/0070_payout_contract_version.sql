-- Version 2 of the BatchPayout contract (decision 0053) lets only the payer a batch reference names
-- (its high 20 bytes) spend it, so nobody can spend an operator's reference first and stall its batch. The version
-- is read on chain (`version()`, absent from version 1) when a batch is prepared and kept with the batch: batches of
-- version 1 keep being verified as before (same ABI, same BatchPaid event).
ALTER TABLE payout_batches
  ADD COLUMN contract_version smallint NOT NULL DEFAULT 1 CHECK (contract_version IN (1, 2)),
  -- A version-2 batch's reference starts with its payer.
  ADD CONSTRAINT payout_batches_ref_payer CHECK (
    contract_version = 1 OR mode = 'wallet' OR substr(ref, 3, 40) = substr(sender, 3, 40));
