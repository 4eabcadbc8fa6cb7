import type { Tx } from '../../db';
import { addToUplineTeams } from './members.repo';

/**
 * Marks a member deleted, in the caller's transaction: the one home of what a deleted member is, used when staff
 * delete a member (members.edit.ts) and when a member closes their account (decision 0077). `users.deleted_at` is
 * set (every sign-in path and session read refuses a deleted member), the member leaves the uplines' teams, and an
 * active member no longer counts as an active direct of the sponsor. The caller revokes the sessions and audits.
 */
export async function markMemberDeleted(tx: Tx, userId: bigint): Promise<void> {
  const gone = await tx
    .updateTable('users')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(['is_active', 'sponsor_id'])
    .executeTakeFirst();
  // Already deleted: counted out of the teams then, not again.
  if (!gone) return;
  await addToUplineTeams(tx, userId, -1);
  if (gone.is_active === 'active' && gone.sponsor_id !== null) {
    await tx
      .updateTable('users')
      .set((eb) => ({ active_directs: eb('active_directs', '-', 1) }))
      .where('id', '=', gone.sponsor_id)
      .execute();
  }
}
