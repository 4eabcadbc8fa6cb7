import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/**
 * Members' income marked at the start of UTC days (decision 0069; db/functions/earned_marks_close.sql): what each
 * member's wallets had been credited of each income type before the day began. The simulator reads a window's
 * earnings and credits from them and a day or so of the ledger.
 */

/** How long after a day's end it may be marked (rows are stamped with their transaction's start), as the rollups. */
const CLOSE_AFTER_MS = 10 * 60_000;

/** Marks every day that may be marked before `now` (idempotent; one marker at a time); the latest marked day. */
export async function closeEarnedMarks(db: DbOrTx, now = new Date()): Promise<string | null> {
  const upto = new Date(now.getTime() - CLOSE_AFTER_MS);
  const { rows } = await sql<{ day: string | null }>`SELECT earned_marks_close(${upto})::text AS day`.execute(
    db,
  );
  return rows[0]?.day ?? null;
}
