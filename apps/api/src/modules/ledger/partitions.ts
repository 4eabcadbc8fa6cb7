import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/** How many months ahead of the current one the ledger's monthly partitions exist (decision 0079). */
export const LEDGER_MONTHS_AHEAD = 3;

/**
 * Makes the monthly partitions of ledger_entries from the current month (UTC) to LEDGER_MONTHS_AHEAD ahead,
 * each once (ledger_partitions_ahead in SQL); returns the partitions made now (none when they all exist).
 */
export async function createLedgerMonthsAhead(db: DbOrTx): Promise<{ made: string[] }> {
  const { rows } = await sql<{ made: string[] }>`
    SELECT ledger_partitions_ahead(${LEDGER_MONTHS_AHEAD}::int) AS made`.execute(db);
  return { made: rows[0]?.made ?? [] };
}
