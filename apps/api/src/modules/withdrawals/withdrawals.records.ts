import { amountOut, type ListQuery, type WithdrawalRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { RequestStatus } from '../../db/schema';
import { notFound } from '../../http/errors';
import { dayRange, likePattern, seekPaged, seekSearched } from '../../http/listing';
import { waitingApproval } from '../approvals/approvals.repo';
import { type PayoutMethod, payoutMethodOf } from '../chain-payouts/payouts.approve';
import { payoutOf, toWithdrawalPayout } from '../chain-payouts/payouts.records';
import { membersNamedFor, oneOf } from '../members/member-search';
import { riskFlagged } from '../risk/risk.service';
import type { WithdrawalKind } from './fees';

/**
 * Withdrawal requests as members and admins read them (the write side is withdrawals.service.ts). Admins
 * (`staff`) also see the approval a completion waits for, whether a risk signal is flagged and how it is paid
 * (`payout_method`: on chain or by hand); members see null and false there.
 */
const query = (db: Db, staff: boolean) =>
  db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'u.username',
      'u.fullname',
      'w.kind',
      'w.amount',
      'w.fee',
      'w.net',
      'w.currency',
      'w.address',
      'w.status',
      'w.note',
      'w.created_at',
      'w.decided_at',
    ])
    .select(waitingApproval('withdrawal', 'w.id', staff))
    .select(payoutOf('w.id'))
    .select(
      (staff
        ? payoutMethodOf(sql.ref('w.id'), sql.ref('w.currency'), sql.ref('w.status'))
        : sql<PayoutMethod | null>`NULL::text`
      ).as('payout_method'),
    )
    .select(staff ? riskFlagged('w.id').as('flagged') : sql<boolean>`false`.as('flagged'));

/** The list filters: ListQuery's, the kind, and `flagged=true` (admins: only requests with a flagged risk signal). */
export type WithdrawalFilter = ListQuery & {
  kind?: WithdrawalKind | undefined;
  flagged?: 'true' | 'false' | undefined;
};

export type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

export const toRecord = (r: WithdrawalRow): WithdrawalRecord => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  username: r.username,
  fullname: r.fullname,
  kind: r.kind,
  amount: amountOut(r.amount),
  fee: amountOut(r.fee),
  net: amountOut(r.net),
  currency: r.currency,
  address: r.address,
  status: r.status,
  note: r.note,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  approval_id: r.approval_id === null ? null : Number(r.approval_id),
  approval_requested_by: r.approval_requested_by,
  flagged: r.flagged,
  payout: toWithdrawalPayout(r.payout),
  payout_method: r.payout_method,
});

export async function oneWithdrawal(db: Db, id: bigint, staff = false): Promise<WithdrawalRecord> {
  const r = await query(db, staff).where('w.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Withdrawal not found.');
  return toRecord(r);
}

export async function listWithdrawals(
  db: Db,
  q: WithdrawalFilter,
  userId: bigint | undefined,
  staff: boolean,
): Promise<{ rows: WithdrawalRecord[]; total: number }> {
  let base = query(db, staff);
  if (userId !== undefined) base = base.where('w.user_id', '=', userId);
  if (q.kind) base = base.where('w.kind', '=', q.kind);
  // "Flagged only" (decision 0026): requests with a flagged risk signal (withdrawal_risk, db/functions/withdrawal_risk.sql).
  if (staff && q.flagged === 'true') base = base.where(riskFlagged('w.id'));
  if (q.status) base = base.where('w.status', '=', q.status as RequestStatus);
  if (q.search) {
    const like = likePattern(q.search);
    const named = await membersNamedFor(db, q.search, userId);
    base = base.where((eb) =>
      eb.or([
        named === null ? eb('u.username', 'ilike', like) : oneOf('w.user_id', named),
        eb('w.address', 'ilike', like),
      ]),
    );
  }
  const { from, to } = dayRange(q);
  if (from) base = base.where('w.created_at', '>=', from);
  if (to) base = base.where('w.created_at', '<', to);
  const { rows, total } = q.search
    ? await seekSearched(db, base, 'w.id', q)
    : await seekPaged(db, base, (b, back) => b.orderBy('w.id', back ? 'asc' : 'desc'), q);
  return { rows: rows.map(toRecord), total };
}
