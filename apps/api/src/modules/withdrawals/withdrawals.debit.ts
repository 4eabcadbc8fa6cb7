import { type ApprovalRecord, amountOut } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import { z } from 'zod';
import type { Tx } from '../../db';
import { businessRule } from '../../http/errors';
import { requestApproval, walletLabels } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import { post } from '../ledger/ledger.service';
import { usd } from '../notifications/events';
import { manualMember } from '../transactions/transactions.adjust';

export type DebitWallet = 'deposit' | 'working' | 'non_working' | 'compound';
export type Debit = { user_id: number; amount: bigint; wallet: DebitWallet; reason: string };

const DebitPayload = z.object({
  user_id: z.number().int(),
  amount: z.string().regex(/^\d+$/),
  wallet: z.enum(['deposit', 'working', 'non_working', 'compound']),
  reason: z.string(),
});

/**
 * An admin debit waits for a second admin, whatever its amount (decision 0024): this keeps it as an
 * approval, with the wallet's balance now and after, under the admin's scoped Idempotency-Key.
 */
export async function requestDebit(
  tx: Tx,
  by: bigint,
  body: Debit,
  scopedKey: string,
): Promise<ApprovalRecord> {
  const userId = BigInt(body.user_id);
  const member = await manualMember(tx, userId);
  const account = await tx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_id', '=', userId)
    .where('kind', '=', body.wallet)
    .where('asset', '=', 'USD')
    .executeTakeFirst();
  const balance = account?.balance ?? 0n;
  // Refused now rather than when approved: the same check the ledger makes then.
  if (balance < body.amount) throw businessRule('Insufficient balance.');
  const wallet = walletLabels[body.wallet];
  return requestApproval(tx, {
    kind: 'debit',
    requestKey: `debit:${scopedKey}`,
    requestedBy: by,
    subjectId: userId,
    memberId: userId,
    amount: body.amount,
    summary: `Debit ${usd(body.amount)} from the ${wallet} wallet of ${member.username}.`,
    changes: [
      {
        field: `${wallet.charAt(0).toUpperCase()}${wallet.slice(1)} wallet`,
        before: formatUsd(balance),
        after: formatUsd(balance - body.amount),
      },
    ],
    payload: { ...body, amount: String(body.amount) },
    reason: body.reason,
  });
}

/** A debit a second admin approved: posted once (keyed by the approval), audited as its requester's. */
export async function debitApproved(
  tx: Tx,
  a: { id: bigint; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  const p = DebitPayload.parse(a.payload);
  const userId = BigInt(p.user_id);
  await manualMember(tx, userId);
  const amount = BigInt(p.amount);
  const posted = await post(tx, {
    key: `admin-debit:approval:${a.id}`,
    kind: 'adjustment',
    memberId: userId,
    memo: `admin debit: ${p.reason}`,
    createdBy: a.requested_by,
    details: { approval_id: a.id },
    entries: [
      { account: { owner: userId, kind: p.wallet }, amount: -amount },
      { account: { owner: null, kind: 'adjustments' }, amount },
    ],
  });
  if (posted.created) {
    await writeAudit(tx, {
      actorId: a.requested_by,
      action: 'wallet.debit',
      entity: 'user',
      entityId: userId,
      after: { wallet: p.wallet, amount: amountOut(amount), transaction_id: posted.transactionId },
      reason: p.reason,
    });
  }
}
