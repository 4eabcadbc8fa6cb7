import { randomInt } from 'node:crypto';
import { type ApprovalRecord, amountOut, type Settings } from '@sgx/contracts';
import { z } from 'zod';
import type { Tx } from '../../db';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { requestApproval } from '../approvals/approvals.repo';
import { mustWait, type Wait, withWhy } from '../approvals/solo-limit';
import { writeAudit } from '../audit/audit.repo';
import { usd } from '../notifications/events';

/**
 * Issuing codes that waits for a second admin (decisions 0024, 0030): a batch whose total value (value times
 * count) is at or above the approval threshold, or past the issuing admin's solo limit. Redeeming a code
 * credits a deposit wallet, so a batch is money made; no code exists until another admin approves, and then
 * the batch is issued once, as its requester's.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 12 }, () => ALPHABET.charAt(randomInt(ALPHABET.length))).join('');

/** What an approved issue runs: how many codes, and the value of each (digits of units). */
const CodesPayload = z.object({
  count: z.number().int().positive(),
  amount: z.string().regex(/^\d+$/),
});

/**
 * Whether issuing `count` codes of `amount` each under `batchKey` needs a second admin: their total at or
 * above the threshold, or past the admin's solo limit (decision 0030; when not, it counts against it).
 */
export const issueWaits = (
  tx: Tx,
  by: bigint,
  count: number,
  amount: bigint,
  settings: Settings,
  batchKey: string,
): Promise<false | Wait> =>
  mustWait(tx, settings, {
    admin: by,
    amount: amount * BigInt(count),
    kind: 'codes',
    subjectId: null,
    key: batchKey,
    approvalKey: codesRequestKey(batchKey),
  });

const codesRequestKey = (batchKey: string) => `codes:${batchKey}`;

/** The batch's columns the issuer hands back. */
export const issuedColumns = ['id', 'code', 'amount', 'created_at', 'redeemed_by', 'redeemed_at'] as const;

/** Inserts a batch of `count` codes of `amount` each under `batchKey`, audited as `by`'s issue. */
export async function insertBatch(tx: Tx, by: bigint, count: number, amount: bigint, batchKey: string) {
  const rows = await tx
    .insertInto('codes')
    .values(
      Array.from({ length: count }, () => ({ code: newCode(), amount, created_by: by, batch_key: batchKey })),
    )
    .returning(issuedColumns)
    .execute();
  await writeAudit(tx, {
    actorId: by,
    action: 'codes.issue',
    entity: 'code',
    entityId: null,
    after: { count, amount: amountOut(amount), ids: rows.map((r) => r.id) },
  });
  return rows;
}

/** Keeps the issue for a second admin, under the admin's scoped Idempotency-Key. */
export function requestCodes(
  tx: Tx,
  by: bigint,
  count: number,
  amount: bigint,
  batchKey: string,
  why?: string | null,
): Promise<ApprovalRecord> {
  const total = amount * BigInt(count);
  return requestApproval(tx, {
    kind: 'codes',
    requestKey: codesRequestKey(batchKey),
    requestedBy: by,
    amount: total,
    summary: withWhy(
      `Issue ${count} one-time code${count === 1 ? '' : 's'} of ${usd(amount)} each (${usd(total)} in all), redeemable into deposit wallets.`,
      why,
    ),
    changes: [
      { field: 'Codes', before: '', after: String(count) },
      { field: 'Value of each', before: '', after: usd(amount) },
    ],
    payload: { count, amount: String(amount) },
  });
}

/**
 * An issue a second admin approved (run by the approvals service in its transaction): the batch is keyed by the
 * approval, so it is issued once; the codes are the requester's, and the audit row names both admins.
 */
export async function codesApproved(
  tx: Tx,
  a: { id: bigint; requested_by: bigint; payload: Record<string, unknown> },
): Promise<void> {
  const p = CodesPayload.parse(a.payload);
  const batchKey = `${a.requested_by}:approval:${a.id}`;
  const earlier = await tx
    .selectFrom('codes')
    .select('id')
    .where('batch_key', '=', batchKey)
    .executeTakeFirst();
  if (earlier) return;
  await insertBatch(tx, a.requested_by, p.count, BigInt(p.amount), batchKey);
}

/** The codes' approval kind (decision 0059). */
export function registerCodeApprovals(registry: ApprovalRegistry): void {
  registry.register('codes', { run: codesApproved });
}
