import { type ApprovalRecord, amountOut } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import { z } from 'zod';
import type { Tx } from '../../db';
import { businessRule, notFound } from '../../http/errors';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { type ApprovalChange, requestApproval, walletLabels } from '../approvals/approvals.repo';
import { withWhy } from '../approvals/solo-limit';
import { writeAudit } from '../audit/audit.repo';
import { cappedIncomeTypes } from '../income/income.service';
import { refuseReversalOfHeldIncome } from '../income-holds/income-holds.service';
import { type AccountRef, post } from '../ledger/ledger.service';
import { usd } from '../notifications/events';

/**
 * An admin's manual transactions and reversals, each runnable inside a given transaction: at once by one
 * admin below the approval threshold and within their solo limit, or by a second admin's approval
 * (decisions 0024, 0030).
 */

type MemberWallet = 'deposit' | 'working' | 'non_working' | 'compound';
export type Manual = {
  user_id: number;
  amount: bigint;
  direction: 'credit' | 'debit';
  wallet: MemberWallet;
  reason: string;
};

const ManualPayload = z.object({
  user_id: z.number().int(),
  amount: z.string().regex(/^\d+$/),
  direction: z.enum(['credit', 'debit']),
  wallet: z.enum(['deposit', 'working', 'non_working', 'compound']),
  reason: z.string(),
});
const ReversalPayload = z.object({ reason: z.string() });

/**
 * Movements a reversal may mirror: plain money movements. The others belong to a record with its own
 * state (a withdrawal request, a plan, a token trade), and mirroring only their money would leave that
 * record wrong: a reversed withdrawal hold is paid back again when the request is declined, a reversed
 * top-up leaves the plan running unpaid. Those are corrected through their own routes.
 */
const reversibleKinds = new Set(['deposit', 'income', 'transfer', 'code', 'adjustment', 'compound']);
const notReversibleDefault =
  'This transaction belongs to a record with its own state; correct that record instead.';
const notReversible: Record<string, string> = {
  withdrawal_hold: 'This is a withdrawal hold: decline or cancel the withdrawal request instead.',
  withdrawal_payout: 'This withdrawal was paid out; post a manual transaction to correct it.',
  withdrawal_release: 'This returned a declined withdrawal; post a manual transaction to correct it.',
  topup: 'This paid for a plan: end the plan (its principal goes back) instead.',
  retopup: 'This paid for a plan: end the plan (its principal goes back) instead.',
  friend: 'This paid for a plan: end the plan (its principal goes back) instead.',
  entry: 'This paid an account activation fee; post a manual transaction to refund it.',
  plan_end_refund: 'This returned an ended plan’s principal; post a manual transaction to correct it.',
};

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

async function balanceOf(tx: Tx, owner: bigint, kind: string): Promise<bigint> {
  const a = await tx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_id', '=', owner)
    .where('kind', '=', kind as MemberWallet)
    .where('asset', '=', 'USD')
    .executeTakeFirst();
  return a?.balance ?? 0n;
}

/** The member a manual transaction is for: a member, not deleted. */
export async function manualMember(tx: Tx, userId: bigint) {
  const member = await tx
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!member) throw notFound('Member not found.');
  return member;
}

/** Posts a manual credit or debit under `key` and audits it as `by`'s; returns the ledger transaction. */
export async function postManual(tx: Tx, by: bigint, b: Manual, key: string): Promise<number> {
  const userId = BigInt(b.user_id);
  const signed = b.direction === 'credit' ? b.amount : -b.amount;
  const posted = await post(tx, {
    key,
    kind: 'adjustment',
    memberId: userId,
    memo: `manual ${b.direction}: ${b.reason}`,
    createdBy: by,
    entries: [
      { account: { owner: userId, kind: b.wallet }, amount: signed },
      { account: { owner: null, kind: 'adjustments' }, amount: -signed },
    ],
  });
  if (posted.created) {
    await writeAudit(tx, {
      actorId: by,
      action: `wallet.${b.direction}`,
      entity: 'user',
      entityId: userId,
      after: { wallet: b.wallet, amount: amountOut(b.amount), transaction_id: posted.transactionId },
      reason: b.reason,
    });
  }
  return Number(posted.transactionId);
}

/** The request key of the approval a manual transaction waits on (the admin's scoped Idempotency-Key). */
export const manualRequestKey = (by: bigint, key: string) => `transaction:${by}:${key}`;
/** The request key of the approval a reversal waits on. */
export const reversalRequestKey = (by: bigint, key: string) => `transaction_edit:${by}:${key}`;

/** Keeps a manual transaction for a second admin (at or above the threshold, or past the solo limit: `why`). */
export async function requestManual(
  tx: Tx,
  by: bigint,
  b: Manual,
  username: string,
  key: string,
  why?: string | null,
): Promise<ApprovalRecord> {
  const userId = BigInt(b.user_id);
  const balance = await balanceOf(tx, userId, b.wallet);
  if (b.direction === 'debit' && balance < b.amount) throw businessRule('Insufficient balance.');
  const wallet = walletLabels[b.wallet];
  const signed = b.direction === 'credit' ? b.amount : -b.amount;
  return requestApproval(tx, {
    kind: 'transaction',
    requestKey: manualRequestKey(by, key),
    requestedBy: by,
    subjectId: userId,
    memberId: userId,
    amount: b.amount,
    summary: withWhy(
      `${capital(b.direction)} ${usd(b.amount)} ${b.direction === 'credit' ? 'to' : 'from'} the ${wallet} wallet of ${username}.`,
      why,
    ),
    changes: [
      { field: `${capital(wallet)} wallet`, before: formatUsd(balance), after: formatUsd(balance + signed) },
    ],
    payload: { ...b, amount: String(b.amount) },
    reason: b.reason,
  });
}

/** A manual transaction a second admin approved: posted once, keyed by the approval. */
export async function manualApproved(
  tx: Tx,
  a: { id: bigint; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  const p = ManualPayload.parse(a.payload);
  await manualMember(tx, BigInt(p.user_id));
  await postManual(tx, a.requested_by, { ...p, amount: BigInt(p.amount) }, `manual:approval:${a.id}`);
}

/** A transaction that may be reversed, with its entries; refused with the reason when it may not. */
export async function reversible(tx: Tx, id: bigint) {
  const t = await tx
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'member_id', 'income_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!t) throw notFound('Transaction not found.');
  if (t.kind === 'reversal')
    throw businessRule('A reversal cannot be reversed; post a manual transaction instead.');
  if (!reversibleKinds.has(t.kind)) throw businessRule(notReversible[t.kind] ?? notReversibleDefault);
  if (t.income_type !== null) await refuseReversalOfHeldIncome(tx, t.id);
  const entries = await tx
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .leftJoin('users as u', 'u.id', 'a.owner_id')
    .select(['a.owner_id', 'u.username as owner_username', 'a.kind', 'a.asset', 'e.amount'])
    .where('e.transaction_id', '=', t.id)
    .execute();
  // What it moved: the sum of its credits (in a two-entry transfer, the amount transferred).
  const moved = entries.reduce((sum, e) => (e.amount > 0n ? sum + e.amount : sum), 0n);
  return { ...t, entries, moved };
}

/** Reverses a ledger transaction by posting its mirror image as `by`; the original stays as it was. */
export async function reverseInTx(tx: Tx, by: bigint, id: bigint, reason: string): Promise<number> {
  const t = await reversible(tx, id);
  const posted = await post(tx, {
    key: `reversal:${t.id}`,
    kind: 'reversal',
    // Income reversed stays income of its type, so the totals and the earning cap go down with it.
    incomeType: t.income_type,
    memberId: t.member_id,
    memo: `reversal of transaction ${t.id}: ${reason}`,
    createdBy: by,
    details: { reverses: t.id },
    entries: t.entries.map((e) => ({
      account: { owner: e.owner_id, kind: e.kind, asset: e.asset } as AccountRef,
      amount: -e.amount,
    })),
  });
  if (!posted.created) throw businessRule('This transaction was already reversed.');
  if (t.income_type && (cappedIncomeTypes as readonly string[]).includes(t.income_type)) {
    // Reversed income no longer counts towards the earning cap.
    for (const e of t.entries) {
      if (e.owner_id !== null && (e.kind === 'working' || e.kind === 'non_working')) {
        await tx
          .updateTable('users')
          .set((eb) => ({ total_earned: eb('total_earned', '-', e.amount) }))
          .where('id', '=', e.owner_id)
          .execute();
      }
    }
  }
  await writeAudit(tx, {
    actorId: by,
    action: 'transaction.reverse',
    entity: 'ledger_transaction',
    entityId: t.id,
    after: { reversal_id: posted.transactionId },
    reason,
  });
  return Number(posted.transactionId);
}

/**
 * Keeps a reversal for a second admin (moving at least the threshold, or past the solo limit: `why`), with
 * each member wallet's change.
 */
export async function requestReversal(
  tx: Tx,
  by: bigint,
  t: Awaited<ReturnType<typeof reversible>>,
  reason: string,
  key: string,
  why?: string | null,
): Promise<ApprovalRecord> {
  // A key's home for all time is ledger_transaction_keys (decision 0097).
  const done = await tx
    .selectFrom('ledger_transaction_keys')
    .select('id')
    .where('idempotency_key', '=', `reversal:${t.id}`)
    .executeTakeFirst();
  if (done) throw businessRule('This transaction was already reversed.');
  const changes: ApprovalChange[] = [];
  for (const e of t.entries) {
    if (e.owner_id === null || e.asset !== 'USD' || !(e.kind in walletLabels)) continue;
    const balance = await balanceOf(tx, e.owner_id, e.kind);
    const wallet = walletLabels[e.kind as MemberWallet];
    changes.push({
      field: `${capital(wallet)} wallet of ${e.owner_username ?? e.owner_id}`,
      before: formatUsd(balance),
      after: formatUsd(balance - e.amount),
    });
  }
  return requestApproval(tx, {
    kind: 'transaction_edit',
    requestKey: reversalRequestKey(by, key),
    requestedBy: by,
    subjectId: t.id,
    memberId: t.member_id,
    amount: t.moved,
    summary: withWhy(`Reverse transaction #${t.id} (${t.kind}) of ${usd(t.moved)}.`, why),
    changes,
    payload: { transaction_id: t.id, reason },
    reason,
  });
}

/** A reversal a second admin approved (keyed by the reversed transaction, so it happens once). */
export async function reverseApproved(
  tx: Tx,
  a: { subject_id: bigint | null; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  if (a.subject_id === null) throw notFound('Transaction not found.');
  await reverseInTx(tx, a.requested_by, a.subject_id, ReversalPayload.parse(a.payload).reason);
}

/** The transactions' approval kinds (decision 0059). */
export function registerTransactionApprovals(registry: ApprovalRegistry): void {
  registry
    .register('transaction', { run: manualApproved })
    .register('transaction_edit', { run: reverseApproved });
}
