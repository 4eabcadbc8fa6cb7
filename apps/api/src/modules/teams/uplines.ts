import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

// The team counters every upline keeps (total_team, team_business): written by registration (auth), by
// members' moves and by top-ups and plans, so they live below all of them (decision 0059);
// members.repo re-exports them.

/**
 * Adds to the team counters of every upline of `memberId` (not the member itself): team size and team
 * business, locking the rows in id order so concurrent updates cannot deadlock.
 */
export async function bumpUplines(
  tx: DbOrTx,
  memberId: bigint,
  delta: { team?: number; business?: bigint },
): Promise<void> {
  const team = delta.team ?? 0;
  const business = delta.business ?? 0n;
  if (team === 0 && business === 0n) return;
  await sql`
    WITH RECURSIVE up(id) AS (
      SELECT sponsor_id FROM users WHERE id = ${memberId} AND sponsor_id IS NOT NULL
      UNION ALL
      SELECT u.sponsor_id FROM users u JOIN up ON u.id = up.id WHERE u.sponsor_id IS NOT NULL
    ),
    locked AS (SELECT id FROM users WHERE id IN (SELECT id FROM up) ORDER BY id FOR UPDATE)
    UPDATE users SET total_team = total_team + ${team}, team_business = team_business + ${business}
    WHERE id IN (SELECT id FROM locked)
  `.execute(tx);
}

/** Adds `delta` to total_team of every upline of `memberId`. */
export const addToUplineTeams = (tx: DbOrTx, memberId: bigint, delta: number) =>
  bumpUplines(tx, memberId, { team: delta });
