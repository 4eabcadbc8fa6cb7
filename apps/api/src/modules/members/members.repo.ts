import { amountOut, type UserRecord } from '@sgx/contracts';
import { mulDiv, UNIT } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { type MemberMoney, noMoney } from '../ledger/member-money';

// The team counters' writes live below members and auth (registration adds to them): decision 0059.
export { addToUplineTeams, bumpUplines } from '../teams/uplines';

/** The columns behind a UserRecord; the password hash is never selected here. */
export function selectUserRows(db: DbOrTx) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as s', 's.id', 'u.sponsor_id')
    .leftJoin('plans as p', 'p.id', 'u.plan_id')
    .where('u.deleted_at', 'is', null)
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.role',
      'u.status',
      'u.block_reason',
      'u.is_active',
      'u.roi_status',
      'u.level_status',
      'u.address',
      'u.fullname',
      'u.phone',
      's.refferal_code as reffer_by',
      'u.refferal_code',
      'u.last_login',
      'u.created_at',
      'u.updated_at',
      'u.verify_at',
      'u.activation_date',
      'u.total_team',
      'u.bep20',
      'u.trc20',
      'u.active_plan',
      'u.plan_id',
      'p.roi_day as plan_roi_day',
    ]);
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUserRows>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserRecord(row: UserRow, money: MemberMoney = noMoney): UserRecord {
  const roiDay = row.plan_roi_day ? mulDiv(row.active_plan, row.plan_roi_day, 100n * UNIT) : 0n;
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    is_active: row.is_active,
    roi_status: row.roi_status,
    level_status: row.level_status,
    address: row.address,
    fullname: row.fullname,
    phone: row.phone,
    reffer_by: row.reffer_by,
    refferal_code: row.refferal_code,
    last_login: iso(row.last_login),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    verify_at: iso(row.verify_at),
    activation_date: iso(row.activation_date),
    paid_member: row.active_plan > 0n,
    total_team: row.total_team,
    bep20: row.bep20,
    trc20: row.trc20,
    active_plan: amountOut(row.active_plan),
    plan_id: row.plan_id === null ? null : Number(row.plan_id),
    roi_day: amountOut(roiDay),
    business: amountOut(money.business),
    business_balance: amountOut(money.business_balance),
    level_month: amountOut(money.level_month),
    roi_income: amountOut(money.roi_income),
    reward: amountOut(money.reward),
    direct_income: amountOut(money.direct_income),
    salary: amountOut(money.salary),
    working: amountOut(money.working),
    non_working: amountOut(money.non_working),
    block_reason: row.block_reason,
  };
}

/**
 * Locks (FOR UPDATE) the members `ids` and the uplines of `memberId` (all of them, or only its sponsor)
 * in one statement, in id order. A top-up changes its payer's and receiver's rows, every upline's team
 * counters and the sponsor's income; taking all of those rows first, in the one order every top-up
 * uses, is what keeps a top-up of a member and one of its upline at the same moment from deadlocking
 * (each held a row the other needed next). Later locks of these rows in the transaction are no-ops.
 */
export async function lockWithUplines(
  tx: DbOrTx,
  ids: bigint[],
  memberId: bigint,
  reach: 'all' | 'sponsor',
): Promise<void> {
  await sql`
    WITH RECURSIVE up(id) AS (
      SELECT sponsor_id FROM users WHERE id = ${memberId} AND sponsor_id IS NOT NULL
      UNION ALL
      SELECT u.sponsor_id FROM users u JOIN up ON u.id = up.id
      WHERE u.sponsor_id IS NOT NULL AND ${reach === 'all'}
    )
    SELECT id FROM users
    WHERE id IN (SELECT id FROM up UNION SELECT unnest(${ids}::bigint[]))
    ORDER BY id
    FOR UPDATE`.execute(tx);
}

/** Whether `candidate` is `memberId` itself or somewhere in its downline (walks up from the candidate). */
export async function isInSubtree(tx: DbOrTx, memberId: bigint, candidate: bigint): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    WITH RECURSIVE up(id) AS (
      SELECT ${candidate}::bigint
      UNION
      SELECT u.sponsor_id FROM users u JOIN up ON u.id = up.id WHERE u.sponsor_id IS NOT NULL
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${memberId}) AS found
  `.execute(tx);
  return rows[0]?.found ?? false;
}
