import type { Settings } from '@sgx/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Tx } from '../../db';
import type { DepositsTable } from '../../db/schema';
import { conflict } from '../../http/errors';
import { approvalThreshold, requestApproval } from '../approvals/approvals.repo';
import { usd } from '../notifications/events';

/**
 * An admin's completion of a deposit that waits for a second admin (decision 0024): one crediting at or above
 * the approval threshold, or an amount other than the member reported. The chain verifier's completions never
 * wait (it checks the chain itself). Approving runs DepositsService.completeApproved.
 */
export type Deposit = Selectable<DepositsTable>;

/** The deposit, locked for the decision (an approval of it locks it first too, in the order declining does). */
export function lockDeposit(tx: Tx, id: bigint): Promise<Deposit | undefined> {
  return tx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What an approved credit runs: the amount the first admin asked for (digits of units) and their note. */
export const DepositPayload = z.object({
  deposit_id: z.string().regex(/^\d+$/),
  amount: z.string().regex(/^\d+$/),
  note: z.string().optional(),
});

/** Whether crediting `amount` for deposit `d` needs a second admin. */
export const creditWaits = (d: Deposit, amount: bigint, settings: Settings): boolean =>
  amount >= approvalThreshold(settings) || amount !== d.amount;

/**
 * Keeps the credit for a second admin. The admin who asked may ask again for the same amount (the same
 * approval comes back); for another amount they first cancel the one that waits.
 */
export async function requestDepositCompletion(
  tx: Tx,
  by: bigint,
  d: Deposit,
  amount: bigint,
  note: string | undefined,
  key: string,
) {
  const waiting = await tx
    .selectFrom('approvals')
    .select(['amount', 'requested_by'])
    .where('kind', '=', 'deposit')
    .where('subject_id', '=', d.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting && waiting.requested_by === by && waiting.amount !== amount)
    throw conflict(
      `A credit of ${usd(waiting.amount ?? 0n)} for this deposit already waits for a second admin: cancel it under Approvals to ask for another amount.`,
    );
  const member = await tx
    .selectFrom('users')
    .select('username')
    .where('id', '=', d.user_id)
    .executeTakeFirstOrThrow();
  const differs = amount !== d.amount;
  return requestApproval(tx, {
    kind: 'deposit',
    requestKey: `deposit:${d.id}:${by}:${key}`,
    requestedBy: by,
    subjectId: d.id,
    memberId: d.user_id,
    amount,
    summary: `Credit the ${d.currency} deposit #${d.id} of ${member.username}: ${usd(amount)} to their deposit wallet${differs ? `, where they reported ${usd(d.amount)}` : ''}.`,
    changes: [
      { field: 'Status', before: 'pending', after: 'complete' },
      ...(differs ? [{ field: 'Amount credited', before: usd(d.amount), after: usd(amount) }] : []),
    ],
    payload: { deposit_id: d.id, amount, ...(note ? { note } : {}) },
    reason: note,
  });
}
