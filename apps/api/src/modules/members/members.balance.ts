import { type ApprovalRecord, amountOut, type Settings } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import { z } from 'zod';
import type { Tx } from '../../db';
import { businessRule } from '../../http/errors';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { requestApproval } from '../approvals/approvals.repo';
import { mustWait, withWhy } from '../approvals/solo-limit';
import { writeAudit } from '../audit/audit.repo';
import { post } from '../ledger/ledger.service';
import { memberMoney } from '../ledger/member-money';
import { usd } from '../notifications/events';

/**
 * An admin's edit of Business Balance (the deposit wallet) never overwrites the balance: it posts an
 * adjustment for the difference through the ledger (reason "admin edit"). A difference at or above the
 * approval threshold, or past the admin's solo limit, waits for a second admin (decisions 0024, 0030), who
 * posts the difference asked for.
 */

const BalancePayload = z.object({
  user_id: z.string().regex(/^\d+$/),
  from: z.string().regex(/^\d+$/),
  to: z.string().regex(/^\d+$/),
  diff: z.string().regex(/^-?\d+$/),
  reason: z.string().nullable(),
});

function postAdjustment(
  tx: Tx,
  by: bigint,
  userId: bigint,
  change: { from: bigint; to: bigint; diff: bigint },
  reason: string | null | undefined,
  key: string,
) {
  return post(tx, {
    key,
    kind: 'adjustment',
    memberId: userId,
    memo: reason ? `admin edit: ${reason}` : 'admin edit',
    createdBy: by,
    details: { field: 'business_balance', from: change.from, to: change.to },
    entries: [
      { account: { owner: userId, kind: 'deposit' }, amount: change.diff },
      { account: { owner: null, kind: 'adjustments' }, amount: -change.diff },
    ],
  });
}

/**
 * In the edit's transaction: posts the difference to `target` at once, or keeps it for a second admin and
 * returns the approval (the rest of the edit applies at once either way).
 */
export async function editBusinessBalance(
  tx: Tx,
  settings: Settings,
  by: bigint,
  member: { id: bigint; username: string },
  target: bigint,
  reason: string | undefined,
  idempotencyKey: string,
): Promise<ApprovalRecord | null> {
  const userId = member.id;
  const from = (await memberMoney(tx, [userId])).get(userId)?.business_balance ?? 0n;
  const diff = target - from;
  if (diff === 0n) return null;
  const size = diff < 0n ? -diff : diff;
  const key = `admin-edit:${userId}:${idempotencyKey}`;
  const requestKey = `balance_edit:${by}:${idempotencyKey}`;
  const wait = await mustWait(tx, settings, {
    admin: by,
    amount: size,
    kind: 'balance_edit',
    subjectId: userId,
    key,
    approvalKey: requestKey,
  });
  if (!wait) {
    await postAdjustment(tx, by, userId, { from, to: target, diff }, reason, key);
    return null;
  }
  return requestApproval(tx, {
    kind: 'balance_edit',
    requestKey,
    requestedBy: by,
    subjectId: userId,
    memberId: userId,
    amount: size,
    summary: withWhy(
      `${diff > 0n ? 'Add' : 'Take'} ${usd(size)} ${diff > 0n ? 'to' : 'from'} the Business Balance of ${member.username} (${usd(from)} -> ${usd(target)}).`,
      wait.why,
    ),
    changes: [{ field: 'Business Balance', before: formatUsd(from), after: formatUsd(target) }],
    payload: { user_id: userId, from, to: target, diff, reason: reason || null },
    reason,
  });
}

/**
 * A balance edit a second admin approved: the difference asked for is posted once (keyed by the approval),
 * as its requester's, and audited like the edit would have been.
 */
export async function balanceEditApproved(
  tx: Tx,
  a: { id: bigint; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  const p = BalancePayload.parse(a.payload);
  const userId = BigInt(p.user_id);
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const before = (await memberMoney(tx, [userId])).get(userId)?.business_balance ?? 0n;
  // The approver saw "from -> to": if the balance moved since, posting the difference would land elsewhere
  // (and two approved edits of one balance would add up), so the edit is refused and must be asked again.
  if (before !== BigInt(p.from)) {
    throw businessRule(
      `The Business Balance of this member is ${usd(before)} now, not ${usd(BigInt(p.from))} as when this edit was asked for: ask again.`,
    );
  }
  const diff = BigInt(p.diff);
  await postAdjustment(
    tx,
    a.requested_by,
    userId,
    { from: BigInt(p.from), to: BigInt(p.to), diff },
    p.reason,
    `admin-edit:${userId}:approval:${a.id}`,
  );
  await writeAudit(tx, {
    actorId: a.requested_by,
    action: 'member.update',
    entity: 'user',
    entityId: userId,
    before: { business_balance: amountOut(before) },
    after: { business_balance: amountOut(before + diff) },
    reason: p.reason,
  });
}

/** The members' approval kind (decision 0059). */
export function registerBalanceEditApprovals(registry: ApprovalRegistry): void {
  registry.register('balance_edit', { run: balanceEditApproved });
}
