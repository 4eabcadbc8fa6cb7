import { sql } from 'kysely';

/** How long after its end an hour may be closed (rows are stamped with their transaction's start). */
const CLOSE_AFTER = sql`interval '10 minutes'`;

/**
 * The instant up to which the ledger's hours may be closed: `upto`, or ten minutes ago (`rollup_closable_until` also
 * stops at the start of a transaction still open). The rollups close by it (rollups.ts), and so does the incremental
 * reconciliation (reconcile-increment.ts, decision 0086).
 */
export const closeLimit = (upto?: Date) => (upto ? sql`${upto}::timestamptz` : sql`now() - ${CLOSE_AFTER}`);
