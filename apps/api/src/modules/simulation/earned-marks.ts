import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { closableAt } from '../ledger/closable';

/**
 * Members' income marked at the start of UTC days (decision 0069; db/functions/earned_marks_close.sql): what each
 * member's wallets had been credited of each income type before the day began. The simulator reads a window's
 * earnings and credits from them and a day or so of the ledger.
 */

/** Marks every day that may be marked before `now` (idempotent; one marker at a time); the latest marked day. */
export async function closeEarnedMarks(db: DbOrTx, now = new Date()): Promise<string | null> {
  // A day may be marked when the rollups could close its last hour (rows are stamped with their transaction's start).
  const upto = closableAt(now);
  const { rows } = await sql<{ day: string | null }>`SELECT earned_marks_close(${upto})::text AS day`.execute(
    db,
  );
  return rows[0]?.day ?? null;
}
