import type { Tx } from '../../db';
import { type Principal, STAFF_ROLE_REFUSAL, staffAllows } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';

type Entity = 'deposit' | 'withdrawal';
const titles: Record<Entity, string> = { deposit: 'Deposit', withdrawal: 'Withdrawal' };

/**
 * Cancelling a pending request, shared by deposits and withdrawals: the row (already locked by the
 * caller) must exist and be the member's own unless an admin acts; `settle` declines it with the note
 * that says who cancelled; an admin's cancellation is audited in the same transaction.
 */
export async function cancelRequest<R extends { id: bigint; user_id: bigint }>(
  tx: Tx,
  principal: Principal,
  entity: Entity,
  row: R | undefined,
  settle: (row: R, note: string) => Promise<void>,
  adminNote: string,
): Promise<void> {
  if (!row) throw notFound(`${titles[entity]} not found.`);
  const admin = principal.role === 'admin';
  if (!admin && row.user_id !== principal.userId) throw forbidden(`You can only cancel your own ${entity}.`);
  // Staff decline a member's request only with money rights (decision 0042).
  if (admin && !staffAllows(principal, 'money', 'write')) throw forbidden(STAFF_ROLE_REFUSAL);
  await settle(row, admin ? adminNote : 'cancelled by member');
  if (admin) {
    await writeAudit(tx, {
      actorId: principal.userId,
      action: `${entity}.decline`,
      entity,
      entityId: row.id,
      before: { status: 'pending' },
      after: { status: 'decline' },
    });
  }
}
