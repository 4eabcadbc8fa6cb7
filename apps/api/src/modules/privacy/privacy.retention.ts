import { sql } from 'kysely';
import type { Db } from '../../db';
import { writeAudit } from '../audit/audit.repo';

/** Members whose retention period ends in one run (one transaction); the next day's run takes the rest. */
const MEMBERS_PER_RUN = 500;

/**
 * The end of the retention period of closed members' kept records (decision 0077): for each member closed by
 * erasure more than the period ago (the SQL function `privacy_retention_end` holds the period and what goes),
 * the personal remainder of the anti-money-laundering records is deleted or reduced, in one transaction with the
 * `privacy.retention_end` audit record that marks the member done. The ledger is kept whole under the pseudonym.
 * Idempotent: a second run finds nobody left. Returns the members done and the rows touched per table.
 */
export async function endKeptRecords(
  db: Db,
  now: Date,
): Promise<{ members: number; touched: Record<string, number> }> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ member_id: string; touched: Record<string, number> }>`
      SELECT member_id, touched FROM privacy_retention_end(${now}, ${MEMBERS_PER_RUN})`.execute(tx);
    const touched: Record<string, number> = {};
    for (const r of rows) {
      for (const [table, n] of Object.entries(r.touched)) touched[table] = (touched[table] ?? 0) + n;
      await writeAudit(tx, {
        actorId: null,
        action: 'privacy.retention_end',
        entity: 'user',
        entityId: r.member_id,
        after: r.touched,
      });
    }
    return { members: rows.length, touched };
  });
}
