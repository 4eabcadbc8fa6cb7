import { chainName, txExplorerUrl } from '@sgx/chain';
import { amountOut, type DepositRecord, hexToTron, type ListQuery, TRON_CHAIN_ID } from '@sgx/contracts';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { RequestStatus } from '../../db/schema';
import { notFound } from '../../http/errors';
import { dayRange, likePattern, seekPaged, seekSearched } from '../../http/listing';
import { waitingApproval } from '../approvals/approvals.repo';
import { membersNamedFor, oneOf } from '../members/member-search';

/** Transaction hashes are kept as 64 lowercase hex digits, so one hash cannot be sent twice in two spellings. */
export const normalizeHash = (hash: string) => hash.trim().toLowerCase().replace(/^0x/, '');

/**
 * Deposits as members and admins read them (the write side is deposits.service.ts). Admins (`staff`) also
 * see the approval a credit waits for and who asked for it (decision 0024), and who the chain says sent it
 * and how many other members reported its hash (decision 0027); members see null there.
 */
const query = (db: Db, staff: boolean) =>
  db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    // The sender: the member the verifier saw the wallet linked to, else the one it is linked to now.
    .leftJoin('member_wallets as mw', 'mw.address', 'd.from_address')
    .leftJoin('users as s', (j) => j.on(sql`s.id`, '=', sql`coalesce(d.sender_id, mw.user_id)`))
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
      'd.to_address',
    ])
    .select(waitingApproval('deposit', 'd.id', staff))
    .select(ownership(staff));

/** Who the chain says sent the deposit, and other members' live reports of its hash; null for members. */
const ownership = (staff: boolean) =>
  staff
    ? ([
        sql<string | null>`s.username`.as('chain_sender_username'),
        sql<
          boolean | null
        >`CASE WHEN d.from_address IS NULL THEN NULL ELSE s.id IS NOT DISTINCT FROM d.user_id END`.as(
          'sender_is_member',
        ),
        sql<number | null>`(SELECT count(*)::int FROM deposits o
          WHERE lower(o.hash) = lower(d.hash) AND o.user_id <> d.user_id AND o.status <> 'decline')`.as(
          'other_reports',
        ),
      ] as const)
    : ([
        sql<string | null>`NULL::text`.as('chain_sender_username'),
        sql<boolean | null>`NULL::boolean`.as('sender_is_member'),
        sql<number | null>`NULL::int`.as('other_reports'),
      ] as const);

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

/**
 * What the server's check says now (decision 0055): a deposit left to an admin because the server did not read its
 * chain stores no reason (migration 0073); the words come from the chains the server reads at the time of the
 * read. Still pending on a chain read now, it waits for the verifier (which rechecks it within a minute);
 * decided, the check is over and no reason is left to show.
 */
export function chainCheckNow(
  r: Pick<Row, 'status' | 'chain_id' | 'chain_status' | 'chain_reason'>,
  readable: ReadonlySet<number>,
): Pick<DepositRecord, 'chain_status' | 'chain_reason'> {
  const chainId = r.chain_id;
  if (r.chain_status !== 'manual' || r.chain_reason !== null || chainId === null)
    return { chain_status: r.chain_status, chain_reason: r.chain_reason };
  if (r.status !== 'pending') return { chain_status: 'manual', chain_reason: null };
  if (readable.has(chainId)) return { chain_status: 'waiting', chain_reason: null };
  return {
    chain_status: 'manual',
    chain_reason: `The server does not read ${chainName(chainId)}: an admin checks this deposit by hand.`,
  };
}

const toRecord = (r: Row, readable: ReadonlySet<number>): DepositRecord => ({
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
  confirmations: r.confirmations,
  required_confirmations: r.required_confirmations,
  ...chainCheckNow(r, readable),
  from_address: r.from_address ? shownAddress(r.chain_id, r.from_address) : null,
  source: r.source,
  approval_id: r.approval_id === null ? null : Number(r.approval_id),
  approval_requested_by: r.approval_requested_by,
  chain_sender_username: r.chain_sender_username,
  sender_is_member: r.sender_is_member,
  other_reports: r.other_reports,
  to_address: r.to_address ? shownAddress(r.chain_id, r.to_address) : null,
  explorer_url: r.chain_id === null ? null : (txExplorerUrl(r.chain_id, r.hash) ?? null),
});

/** An address as people read it on the deposit's chain (Base58Check on TRON, EIP-55 elsewhere). */
const shownAddress = (chainId: number | null, hex: string) =>
  chainId === TRON_CHAIN_ID ? hexToTron(hex.toLowerCase()) : getAddress(hex);

/** The deposit that credited `hash`, if any (deposits_hash_credited_key keeps it to one). */
export function hashCreditedTo(
  db: DbOrTx,
  hash: string,
  /** Only credits under the hash alone (not to a member's own address, which are keyed per log). */
  byHashOnly = false,
): Promise<{ id: bigint; user_id: bigint; username: string } | undefined> {
  let q = db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'u.username'])
    .where(sql`lower(d.hash)`, '=', hash.toLowerCase())
    .where('d.status', '=', 'complete');
  if (byHashOnly) q = q.where('d.to_address', 'is', null);
  return q.executeTakeFirst();
}

/** `readable`: the chains the server reads now (a client and the chain switched on). */
export async function oneDeposit(
  db: Db,
  id: bigint,
  staff: boolean,
  readable: ReadonlySet<number>,
): Promise<DepositRecord> {
  const r = await query(db, staff).where('d.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Deposit not found.');
  return toRecord(r, readable);
}

export async function listDeposits(
  db: Db,
  q: ListQuery,
  userId: bigint | undefined,
  staff: boolean,
  readable: ReadonlySet<number>,
): Promise<{ rows: DepositRecord[]; total: number }> {
  let base = query(db, staff);
  if (userId !== undefined) base = base.where('d.user_id', '=', userId);
  if (q.status) base = base.where('d.status', '=', q.status as RequestStatus);
  if (q.search) {
    const like = likePattern(q.search);
    const named = await membersNamedFor(db, q.search, userId);
    base = base.where((eb) =>
      eb.or([
        named === null ? eb('u.username', 'ilike', like) : oneOf('d.user_id', named),
        eb('d.hash', 'ilike', likePattern(normalizeHash(q.search ?? ''))),
      ]),
    );
  }
  const { from, to } = dayRange(q);
  if (from) base = base.where('d.created_at', '>=', from);
  if (to) base = base.where('d.created_at', '<', to);
  const { rows, total } = q.search
    ? await seekSearched(db, base, 'd.id', q)
    : await seekPaged(db, base, (b, back) => b.orderBy('d.id', back ? 'asc' : 'desc'), q);
  return { rows: rows.map((r) => toRecord(r, readable)), total };
}
