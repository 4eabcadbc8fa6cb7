import {
  type ApprovalKind,
  type ApprovalRecord,
  type ApprovalStatus,
  amountOut,
  approvalPendingMessage,
  type ListQuery,
  type Settings,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db';
import { conflict, notFound } from '../../http/errors';
import { seekPaged } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { emit } from '../webhooks/emit';

/**
 * Approvals as the other modules use them (decision 0024): a service whose action needs a second admin calls
 * requestApproval in its own transaction instead of acting, and answers 202 with the record. Deciding
 * (approve, reject) is approvals.service.ts.
 */

/** Amounts at or above this many units wait for a second admin (settings.approvalThreshold). */
export const approvalThreshold = (s: Settings): bigint => parseUnits(s.approvalThreshold);

/** What a service hands back instead of its result when the action waits for a second admin. */
export type Awaiting = { awaiting: ApprovalRecord };

/** The body of the 202 answer. */
export const pendingResponse = (a: ApprovalRecord) => ({
  message: a.status === 'pending' ? approvalPendingMessage : `This request was already ${a.status}.`,
  approval: a,
});

/**
 * What admins read of the approval a request's completion waits for (decision 0024): its id and the username of
 * the admin who asked, null when none waits; `subject` names the request's id column in the caller's query.
 * `staff` false gives members the same columns, always null.
 */
export const waitingApproval = (kind: 'deposit' | 'withdrawal', subject: string, staff: boolean) =>
  staff
    ? ([
        sql<bigint | null>`(SELECT a.id FROM approvals a
          WHERE a.kind = ${sql.lit(kind)} AND a.subject_id = ${sql.ref(subject)} AND a.status = 'pending')`.as(
          'approval_id',
        ),
        sql<string | null>`(SELECT r.username FROM approvals a JOIN users r ON r.id = a.requested_by
          WHERE a.kind = ${sql.lit(kind)} AND a.subject_id = ${sql.ref(subject)} AND a.status = 'pending')`.as(
          'approval_requested_by',
        ),
      ] as const)
    : ([
        sql<bigint | null>`NULL::bigint`.as('approval_id'),
        sql<string | null>`NULL::text`.as('approval_requested_by'),
      ] as const);

/** Member wallets as an approval's summary names them. */
export const walletLabels = {
  deposit: 'deposit',
  working: 'working',
  non_working: 'non-working',
  compound: 'compound',
} as const;

export type ApprovalChange = { field: string; before: string; after: string };

export type ApprovalRequest = {
  kind: ApprovalKind;
  /** The first admin's Idempotency-Key, scoped by the caller (kind and admin): a retry finds this approval. */
  requestKey: string;
  requestedBy: bigint;
  subjectId?: bigint | null;
  memberId?: bigint | null;
  amount?: bigint | null;
  summary: string;
  changes?: ApprovalChange[];
  /** What the approval runs; bigints are kept as their digits. */
  payload: Record<string, unknown>;
  reason?: string | null | undefined;
};

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

const records = (db: DbOrTx) =>
  db
    .selectFrom('approvals as a')
    .innerJoin('users as r', 'r.id', 'a.requested_by')
    .leftJoin('users as m', 'm.id', 'a.member_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select([
      'a.id',
      'a.kind',
      'a.status',
      'a.summary',
      'a.amount',
      'a.subject_id',
      'a.member_id',
      'm.username as member_username',
      'm.fullname as member_fullname',
      'a.changes',
      'a.reason',
      'a.requested_by',
      'r.username as requested_by_username',
      'a.requested_at',
      'a.decided_by',
      'd.username as decided_by_username',
      'a.decided_at',
      'a.decision_reason',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof records>['executeTakeFirstOrThrow']>>;

const toRecord = (r: Row): ApprovalRecord => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  summary: r.summary,
  amount: r.amount === null ? null : amountOut(r.amount),
  subject_id: r.subject_id === null ? null : Number(r.subject_id),
  member_id: r.member_id === null ? null : Number(r.member_id),
  member_username: r.member_username,
  member_fullname: r.member_fullname,
  changes: r.changes,
  reason: r.reason,
  requested_by: Number(r.requested_by),
  requested_by_username: r.requested_by_username,
  requested_at: r.requested_at.toISOString(),
  decided_by: r.decided_by === null ? null : Number(r.decided_by),
  decided_by_username: r.decided_by_username,
  decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  decision_reason: r.decision_reason,
});

export async function approvalRecord(db: DbOrTx, id: bigint): Promise<ApprovalRecord> {
  const r = await records(db).where('a.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Approval not found.');
  return toRecord(r);
}

/** Newest first; without a status filter the pending ones come first. */
export async function listApprovals(
  db: DbOrTx,
  q: Pick<ListQuery, 'page' | 'limit'> & { status?: ApprovalStatus | undefined },
): Promise<{ rows: ApprovalRecord[]; total: number }> {
  let base = records(db);
  if (q.status) base = base.where('a.status', '=', q.status);
  // Reversed for the back half of the list (seekPaged): the same two keys, each the other way round.
  const { rows, total } = await seekPaged(
    db,
    base,
    (b, back) =>
      q.status
        ? b.orderBy('a.id', back ? 'asc' : 'desc')
        : b.orderBy(sql`a.status <> 'pending'`, back ? 'desc' : 'asc').orderBy('a.id', back ? 'asc' : 'desc'),
    { page: q.page, limit: q.limit },
  );
  return { rows: rows.map(toRecord), total };
}

/**
 * Keeps an action for a second admin, inside the caller's transaction (after its locks and checks), and
 * audits the request. The same request key again returns the approval it made; a pending approval of the
 * same withdrawal (or transaction to reverse) is returned to its requester and refused to anyone else.
 */
export async function requestApproval(tx: Tx, r: ApprovalRequest): Promise<ApprovalRecord> {
  const inserted = await tx
    .insertInto('approvals')
    .values({
      kind: r.kind,
      subject_id: r.subjectId ?? null,
      member_id: r.memberId ?? null,
      amount: r.amount ?? null,
      summary: r.summary,
      changes: json(r.changes ?? []),
      payload: json(r.payload),
      reason: r.reason || null,
      request_key: r.requestKey,
      requested_by: r.requestedBy,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await writeAudit(tx, {
      actorId: r.requestedBy,
      action: 'approval.request',
      entity: 'approval',
      entityId: inserted.id,
      after: {
        kind: r.kind,
        subject_id: r.subjectId ?? null,
        member_id: r.memberId ?? null,
        amount: r.amount === undefined || r.amount === null ? null : amountOut(r.amount),
        summary: r.summary,
        changes: r.changes ?? [],
      },
      reason: r.reason || null,
    });
    await emit(tx, 'approval.waiting', {
      approval_id: String(inserted.id),
      kind: r.kind,
      subject_id: r.subjectId === undefined || r.subjectId === null ? null : String(r.subjectId),
      member_id: r.memberId === undefined || r.memberId === null ? null : String(r.memberId),
      amount: r.amount === undefined || r.amount === null ? null : amountOut(r.amount),
      summary: r.summary,
      requested_by: String(r.requestedBy),
    });
    return approvalRecord(tx, inserted.id);
  }
  const again = await tx
    .selectFrom('approvals')
    .select('id')
    .where('request_key', '=', r.requestKey)
    .executeTakeFirst();
  if (again) return approvalRecord(tx, again.id);
  const pending =
    r.subjectId === undefined || r.subjectId === null
      ? undefined
      : await tx
          .selectFrom('approvals')
          .select(['id', 'requested_by'])
          .where('kind', '=', r.kind)
          .where('subject_id', '=', r.subjectId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
  if (pending?.requested_by === r.requestedBy) return approvalRecord(tx, pending.id);
  throw conflict('This already waits for a second admin: approve or reject it under Approvals.');
}

/** Sets the decision of a pending approval (the caller holds its row lock). */
export async function markDecided(
  tx: Tx,
  id: bigint,
  status: Exclude<ApprovalStatus, 'pending'>,
  by: bigint,
  reason: string | null | undefined,
): Promise<void> {
  await tx
    .updateTable('approvals')
    .set({ status, decided_by: by, decided_at: new Date(), decision_reason: reason || null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Cancels the pending approvals of a subject that changed by another way (a withdrawal declined or cancelled
 * meanwhile, a deposit declined or credited): nothing is left for a second admin to approve. Audited. `by`
 * is null when no one did it (the chain verifier credited the deposit).
 */
export async function cancelPendingApprovals(
  tx: Tx,
  kind: ApprovalKind,
  subjectId: bigint,
  by: bigint | null,
  reason: string,
): Promise<void> {
  const cancelled = await tx
    .updateTable('approvals')
    .set({ status: 'cancelled', decided_by: by, decided_at: new Date(), decision_reason: reason })
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  for (const a of cancelled) {
    await writeAudit(tx, {
      actorId: by,
      action: 'approval.cancel',
      entity: 'approval',
      entityId: a.id,
      after: { status: 'cancelled' },
      reason,
    });
  }
}

/** A field name of a settings path, readable: 'withdrawal.workingFeePercent' -> 'Withdrawal working fee percent'. */
export function fieldLabel(path: string): string {
  const words = path
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p.replace(/([A-Z])/g, ' $1').toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The leaf values that differ between two JSON values, as changes the approver reads. */
export function diffChanges(before: unknown, after: unknown, path = ''): ApprovalChange[] {
  if (before !== null && after !== null && typeof before === 'object' && typeof after === 'object') {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) =>
      diffChanges(
        (before as Record<string, unknown>)[k],
        (after as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
      ),
    );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return [{ field: fieldLabel(path), before: text(before), after: text(after) }];
}
