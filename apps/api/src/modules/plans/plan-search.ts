import type { Db } from '../../db';
import { likePattern } from '../../http/listing';

/**
 * The plans whose name holds `search` (a few rows: the plans offered, ended ones too), for a list that filters its
 * rows by plan id beside its members' (decision 0094).
 */
export async function plansNamed(db: Db, search: string): Promise<bigint[]> {
  const rows = await db
    .selectFrom('plans')
    .select('id')
    .where('name', 'ilike', likePattern(search))
    .execute();
  return rows.map((r) => r.id);
}
