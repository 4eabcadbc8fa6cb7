-- The re-check after credit (chains/recheck.ts, decision 0028) also reads, every minute, the credited deposits past
-- its 24-hour window that it saw mined again with too few confirmations (reorg_note set). Without an index of their
-- own that read walks every credited deposit older than the window; these are few, so a partial index keeps it small.
CREATE INDEX deposits_reorg_watched_idx ON deposits (reorg_checked_at NULLS FIRST, id)
  WHERE reorg_note IS NOT NULL AND reorg_status IS NULL AND status = 'complete' AND chain_status = 'credited';
