import { sql } from 'kysely';

/** How long after its end an hour may be closed (rows are stamped with their transaction's start). */
const CLOSE_AFTER_MS = 10 * 60_000;

/**
 * The instant up to which the ledger's hours may be closed: `upto`, or ten minutes ago (`rollup_closable_until` also
 * stops at the start of a transaction still open). The rollups close by it (rollups.ts), and so do the incremental
 * reconciliation (reconcile-increment.ts, decision 0086) and the earned marks (earned-marks.ts, by `closableAt`).
 */
export const closeLimit = (upto?: Date) =>
  upto ? sql`${upto}::timestamptz` : sql`now() - ${sql.raw(`interval '${CLOSE_AFTER_MS / 1000} seconds'`)}`;

/** The close limit as seen at `now` (a job's scheduled time): ten minutes before it. */
export const closableAt = (now: Date) => new Date(now.getTime() - CLOSE_AFTER_MS);
