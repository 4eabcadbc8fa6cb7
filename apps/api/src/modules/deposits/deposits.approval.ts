import { depositNetworkName } from '@sgx/chain';
import type { Settings } from '@sgx/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Tx } from '../../db';
import type { DepositsTable } from '../../db/schema';
import { conflict } from '../../http/errors';
import { requestApproval } from '../approvals/approvals.repo';
import { mustWait, type Wait, withWhy } from '../approvals/solo-limit';
import { usd } from '../notifications/events';

/**
 * An admin's completion of a deposit that waits for a second admin (decisions 0024, 0030): one crediting at or
 * above the approval threshold, past the admin's solo limit, or an amount other than the member reported. The
 * chain verifier's completions never wait (it checks the chain itself). Approving runs
 * DepositsService.completeApproved.
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

/** The request key of the approval an admin's credit of deposit `d` waits on. */
const depositRequestKey = (d: Deposit, by: bigint, key: string) => `deposit:${d.id}:${by}:${key}`;

/**
 * Whether crediting `amount` for deposit `d` by admin `by` needs a second admin: another amount than reported,
 * at or above the threshold, or past the admin's solo limit (decision 0030; when not, it counts against it).
 */
export async function creditWaits(
  tx: Tx,
  by: bigint,
  d: Deposit,
  amount: bigint,
  settings: Settings,
  key: string,
): Promise<false | Wait> {
  if (amount !== d.amount) return { why: null };
  return mustWait(tx, settings, {
    admin: by,
    amount,
    kind: 'deposit',
    subjectId: d.id,
    key: `deposit-complete:${d.id}`,
    approvalKey: depositRequestKey(d, by, key),
  });
}

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
  why?: string | null,
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
    requestKey: depositRequestKey(d, by, key),
    requestedBy: by,
    subjectId: d.id,
    memberId: d.user_id,
    amount,
    summary: withWhy(
      `Credit the ${depositNetworkName(d.currency, d.chain_id)} deposit #${d.id} of ${member.username}: ${usd(amount)} to their deposit wallet${differs ? `, where they reported ${usd(d.amount)}` : ''}.`,
      why,
    ),
    changes: [
      { field: 'Status', before: 'pending', after: 'complete' },
      ...(differs ? [{ field: 'Amount credited', before: usd(d.amount), after: usd(amount) }] : []),
    ],
    payload: { deposit_id: d.id, amount, ...(note ? { note } : {}) },
    reason: note,
  });
}
