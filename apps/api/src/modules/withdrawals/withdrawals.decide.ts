import { amountOut, PayoutMethod } from '@sgx/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db';
import type { WithdrawalsTable } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { cancelPendingApprovals } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import {
  approvePayout,
  assertPayoutMethod,
  payoutMethod,
  releasePayout,
  withdrawalEventData,
} from '../chain-payouts/payouts.approve';
import { type AccountRef, post } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';
import type { PlansService } from '../plans/plans.service';
import { emitMany } from '../webhooks/emit';
import type { WithdrawalKind } from './fees';
import { sourceWallet } from './withdrawals.request';

/**
 * Paying out or declining a withdrawal request, inside a given transaction: by one admin (decide), by the
 * member's or an admin's cancel, or by a second admin's approval of a completion at or above the approval
 * threshold (decision 0024).
 */
export type Withdrawal = Selectable<WithdrawalsTable>;

export const sourceOf = (kind: WithdrawalKind, userId: bigint): AccountRef =>
  kind === 'principal' ? { owner: null, kind: 'investments' } : { owner: userId, kind: sourceWallet[kind] };

/** The request, locked for the decision. */
export function lockWithdrawal(tx: Tx, id: bigint): Promise<Withdrawal | undefined> {
  return tx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Moves the money of a pending request: completing pays the net out and books the fee, declining returns
 * the gross to where it came from (and cancels any approval of it still waiting: nothing is left to approve).
 */
export async function settleWithdrawal(
  tx: Tx,
  plans: PlansService,
  w: Withdrawal,
  status: 'complete' | 'decline',
  by: bigint,
  note: string | undefined,
  approvalId?: bigint,
): Promise<void> {
  if (w.status !== 'pending') throw conflict('Only pending withdrawals can change.');
  if (status === 'decline') await releasePayout(tx, w.id);
  if (status === 'complete') {
    const entries = [
      { account: { owner: null, kind: 'pending_withdrawals' } as AccountRef, amount: -w.amount },
      { account: { owner: null, kind: 'cash' } as AccountRef, amount: w.net },
    ];
    if (w.fee > 0n) entries.push({ account: { owner: null, kind: 'fee_revenue' }, amount: w.fee });
    const paid = entries.filter((e) => e.amount !== 0n);
    // Keyed by the withdrawal, so it is paid once whichever way it was completed.
    await post(tx, {
      key: `withdrawal-complete:${w.id}`,
      kind: 'withdrawal_payout',
      memberId: w.user_id,
      memo: `${w.kind} withdrawal paid`,
      createdBy: by,
      details: { withdrawal_id: w.id, ...(approvalId === undefined ? {} : { approval_id: approvalId }) },
      entries: paid,
    });
    if (w.kind === 'principal' && w.member_plan_id !== null)
      await plans.endPlanInTx(tx, w.member_plan_id, 'principal withdrawn');
  } else {
    await post(tx, {
      key: `withdrawal-decline:${w.id}`,
      kind: 'withdrawal_release',
      memberId: w.user_id,
      memo: `${w.kind} withdrawal declined: returned`,
      createdBy: by,
      details: { withdrawal_id: w.id },
      entries: [
        { account: { owner: null, kind: 'pending_withdrawals' }, amount: -w.amount },
        { account: sourceOf(w.kind, w.user_id), amount: w.amount },
      ],
    });
    await cancelPendingApprovals(
      tx,
      'withdrawal',
      w.id,
      by,
      `The withdrawal was declined${note ? ` (${note})` : ''}.`,
    );
  }
  await tx
    .updateTable('withdrawals')
    .set({ status, decided_by: by, decided_at: new Date(), note: note ?? null })
    .where('id', '=', w.id)
    .execute();
}

/**
 * An admin's decision: the money, the member's notice and the audit record. Where withdrawals of its network are
 * paid on chain (decision 0034), completing it approves its payout instead: it is completed once a verified transaction
 * paid it. `asked`: the way the admin's screen said it is paid; a completion paid the other way is refused (decision 0054).
 */
export async function finishDecision(
  tx: Tx,
  plans: PlansService,
  w: Withdrawal,
  status: 'complete' | 'decline',
  by: bigint,
  note: string | undefined,
  approvalId?: bigint,
  asked?: PayoutMethod,
): Promise<void> {
  if (status === 'complete') {
    if (w.status !== 'pending') throw conflict('Only pending withdrawals can change.');
    const method = await payoutMethod(tx, w);
    assertPayoutMethod(method, asked);
    if (method === 'chain') return approvePayout(tx, w, by, note, approvalId);
  }
  await settleWithdrawal(tx, plans, w, status, by, note, approvalId);
  const paid = status === 'complete';
  // Paid by hand: approved and paid in one decision (decision 0072).
  if (paid)
    await emitMany(
      tx,
      (['withdrawal.approved', 'withdrawal.paid'] as const).map((type) => ({
        type,
        data: { ...withdrawalEventData(w), paid_by: 'hand' },
        ledgerKeys: [`withdrawal-hold:${w.id}`, `withdrawal-complete:${w.id}`],
      })),
    );
  await notifyMember(tx, {
    userId: w.user_id,
    kind: paid ? 'withdrawal_paid' : 'withdrawal_declined',
    key: `withdrawal-${paid ? 'paid' : 'declined'}:${w.id}`,
    title: paid ? 'Withdrawal paid' : 'Withdrawal declined',
    message: paid
      ? `Your withdrawal of ${usd(w.amount)} was paid: ${usd(w.net)} sent after a fee of ${usd(w.fee)}.`
      : `Your withdrawal of ${usd(w.amount)} was declined; nothing was paid and the full amount is back in your wallet.${note ? ` Reason: ${note}` : ''}`,
    link: '/user/withdrawal',
  });
  await writeAudit(tx, {
    actorId: by,
    action: `withdrawal.${status}`,
    entity: 'withdrawal',
    entityId: w.id,
    before: { status: w.status },
    after: { status, net: amountOut(w.net), fee: amountOut(w.fee) },
    reason: note ?? null,
  });
}

/** The second admin approved a completion: it is done as its requester asked, if the request still waits. */
export async function completeApproved(
  tx: Tx,
  plans: PlansService,
  a: { id: bigint; subject_id: bigint | null; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  const w = a.subject_id === null ? undefined : await lockWithdrawal(tx, a.subject_id);
  if (!w) throw notFound('Withdrawal not found.');
  const note = typeof a.payload.note === 'string' ? a.payload.note : undefined;
  // The way it was to be paid when asked: one paid the other way now is refused, not paid twice (decision 0054).
  const asked = PayoutMethod.safeParse(a.payload.payout_method).data;
  await finishDecision(tx, plans, w, 'complete', a.requested_by, note, a.id, asked);
}
