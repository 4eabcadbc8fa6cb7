import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/** How many months ahead of the current one the audit trail's monthly partitions exist (decision 0095). */
export const AUDIT_MONTHS_AHEAD = 3;

/**
 * Makes the monthly partitions of audit_log from the current month (UTC) to AUDIT_MONTHS_AHEAD ahead, each once
 * (audit_partitions_ahead in SQL); returns the partitions made now (none when they all exist).
 */
export async function createAuditMonthsAhead(db: DbOrTx): Promise<{ made: string[] }> {
  const { rows } = await sql<{ made: string[] }>`
    SELECT audit_partitions_ahead(${AUDIT_MONTHS_AHEAD}::int) AS made`.execute(db);
  return { made: rows[0]?.made ?? [] };
}
