import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

export type CounterMismatch = { user_id: string; field: string; cached: string; expected: string };

/**
 * Checks the team counters kept on each member against their definition, one level at a time (which,
 * holding for every member, proves them for whole downlines): total_team = the directs' teams plus the
 * directs themselves (deleted ones excluded); team_business = the directs' plans plus their team business;
 * active_directs = the live directs whose is_active is 'active'. Set-based: one pass over the members.
 */
export async function checkTeamCounters(
  db: DbOrTx,
): Promise<{ checked: number; mismatches: CounterMismatch[] }> {
  const { rows } = await sql<{
    id: bigint;
    total_team: number;
    team_business: bigint;
    active_directs: number;
    e_team: number;
    e_business: bigint;
    e_active: number;
  }>`
    WITH agg AS (
      SELECT sponsor_id,
             sum(total_team + CASE WHEN deleted_at IS NULL THEN 1 ELSE 0 END)::int AS e_team,
             sum(team_business + active_plan)::bigint AS e_business,
             count(*) FILTER (WHERE deleted_at IS NULL AND is_active = 'active')::int AS e_active
      FROM users WHERE sponsor_id IS NOT NULL GROUP BY sponsor_id
    )
    SELECT u.id, u.total_team, u.team_business, u.active_directs,
           coalesce(a.e_team, 0) AS e_team, coalesce(a.e_business, 0)::bigint AS e_business, coalesce(a.e_active, 0) AS e_active
    FROM users u LEFT JOIN agg a ON a.sponsor_id = u.id
    WHERE u.total_team <> coalesce(a.e_team, 0)
       OR u.team_business <> coalesce(a.e_business, 0)
       OR u.active_directs <> coalesce(a.e_active, 0)
    LIMIT 1000`.execute(db);
  const count = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  const mismatches: CounterMismatch[] = [];
  for (const r of rows) {
    if (r.total_team !== r.e_team)
      mismatches.push({
        user_id: String(r.id),
        field: 'total_team',
        cached: String(r.total_team),
        expected: String(r.e_team),
      });
    if (r.team_business !== r.e_business)
      mismatches.push({
        user_id: String(r.id),
        field: 'team_business',
        cached: String(r.team_business),
        expected: String(r.e_business),
      });
    if (r.active_directs !== r.e_active)
      mismatches.push({
        user_id: String(r.id),
        field: 'active_directs',
        cached: String(r.active_directs),
        expected: String(r.e_active),
      });
  }
  return { checked: Number(count.n), mismatches };
}
