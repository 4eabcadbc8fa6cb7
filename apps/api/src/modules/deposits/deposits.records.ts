import { amountOut, type DepositRecord, type ListQuery } from '@sgx/contracts';
import { getAddress } from 'viem';
import type { Db } from '../../db';
import type { RequestStatus } from '../../db/schema';
import { notFound } from '../../http/errors';
import { dayRange, likePattern, runPaged } from '../../http/listing';
import { waitingApproval } from '../approvals/approvals.repo';

/** Transaction hashes are kept as 64 lowercase hex digits, so one hash cannot be sent twice in two spellings. */
export const normalizeHash = (hash: string) => hash.trim().toLowerCase().replace(/^0x/, '');

/**
 * Deposits as members and admins read them (the write side is deposits.service.ts). Admins (`staff`) also
 * see the approval a credit waits for and who asked for it (decision 0024); members see null there.
 */
const query = (db: Db, staff: boolean) =>
  db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'u.username',
      'u.fullname',
      'd.amount',
      'd.credited_amount',
      'd.currency',
      'd.hash',
      'd.status',
      'd.verified_by',
      'd.note',
      'd.created_at',
      'd.decided_at',
      'd.chain_id',
      'd.chain_status',
      'd.confirmations',
      'd.required_confirmations',
      'd.chain_reason',
      'd.from_address',
      'd.source',
    ])
    .select(waitingApproval('deposit', 'd.id', staff));

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

const toRecord = (r: Row): DepositRecord => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  username: r.username,
  fullname: r.fullname,
  amount: amountOut(r.amount),
  credited_amount: r.credited_amount === null ? null : amountOut(r.credited_amount),
  currency: r.currency,
  hash: r.currency === 'BEP20' ? `0x${r.hash}` : r.hash,
  status: r.status,
  verified_by: r.verified_by,
  note: r.note,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  chain_id: r.chain_id,
  chain_status: r.chain_status,
  confirmations: r.confirmations,
  required_confirmations: r.required_confirmations,
  chain_reason: r.chain_reason,
  from_address: r.from_address ? getAddress(r.from_address) : null,
  source: r.source,
  approval_id: r.approval_id === null ? null : Number(r.approval_id),
  approval_requested_by: r.approval_requested_by,
});

export async function oneDeposit(db: Db, id: bigint, staff = false): Promise<DepositRecord> {
  const r = await query(db, staff).where('d.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Deposit not found.');
  return toRecord(r);
}

export async function listDeposits(
  db: Db,
  q: ListQuery,
  userId: bigint | undefined,
  staff: boolean,
): Promise<{ rows: DepositRecord[]; total: number }> {
  let base = query(db, staff);
  if (userId !== undefined) base = base.where('d.user_id', '=', userId);
  if (q.status) base = base.where('d.status', '=', q.status as RequestStatus);
  if (q.search) {
    const like = likePattern(q.search);
    base = base.where((eb) =>
      eb.or([
        eb('u.username', 'ilike', like),
        eb('d.hash', 'ilike', likePattern(normalizeHash(q.search ?? ''))),
      ]),
    );
  }
  const { from, to } = dayRange(q);
  if (from) base = base.where('d.created_at', '>=', from);
  if (to) base = base.where('d.created_at', '<', to);
  const { rows, total } = await runPaged(
    base.orderBy('d.id', 'desc'),
    base.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')),
    q,
  );
  return { rows: rows.map(toRecord), total };
}
