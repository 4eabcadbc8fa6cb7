import type { UserRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { notFound } from '../../http/errors';
import { boundedCount, COUNT_CAP, likePattern, pageSeek } from '../../http/listing';
import { memberMoney } from '../ledger/member-money';
import { Rollups } from '../rollups/rollups';
import { memberSearchSuperset } from './member-search';
import { selectUserRows, toUserRecord, type UserRow } from './members.repo';

const DEFAULTER_AFTER_DAYS = 10;

/** Member records with their ledger figures. */
export async function withMoney(db: DbOrTx, rows: UserRow[]): Promise<UserRecord[]> {
  const money = await memberMoney(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUserRecord(r, money.get(r.id)));
}

export async function userRow(db: DbOrTx, id: bigint): Promise<UserRow> {
  const row = await selectUserRows(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Member not found.');
  return row;
}

/** One member's record: the member row and the ledger figures, read side by side. */
export async function userRecord(db: DbOrTx, id: bigint): Promise<UserRecord> {
  const [row, money] = await Promise.all([userRow(db, id), memberMoney(db, [id])]);
  return toUserRecord(row, money.get(id));
}

/**
 * Live members newest first, a page at a time (decision 0009); staff accounts are not members and are listed under
 * /admin/staff (decision 0054), so the total is the dashboard's member count. Without search the total is the running
 * tally and the page is found by walking the live-member-id index (migration 0071) from the nearer end. A search (username,
 * e-mail, name, referral code or phone containing the text, case-insensitively) is narrowed by the
 * trigram index from three characters on, by the index of one- and two-character pieces below that; its
 * total is exact up to COUNT_CAP, beyond it an estimate.
 */
export async function listMembers(
  db: Db,
  page: number,
  limit: number,
  search?: string,
  /** Where the running tally is read (it may fold its rows: a writable database, the primary). */
  tallyDb: Db = db,
): Promise<{ users: UserRecord[]; total: number }> {
  const live = db.selectFrom('users as u').where('u.deleted_at', 'is', null).where('u.role', '=', 'user');
  if (!search) {
    const { members: total } = await new Rollups(tallyDb).tally();
    const seek = pageSeek(page, limit, total);
    if (!seek) return { users: [], total };
    const ids = live
      .select('u.id')
      .orderBy('u.id', seek.reverse ? 'asc' : 'desc')
      .offset(seek.offset)
      .limit(seek.limit);
    const rows = await selectUserRows(db).where('u.id', 'in', ids).orderBy('u.id', 'desc').execute();
    return { users: await withMoney(db, rows), total };
  }
  const like = likePattern(search);
  // The indexed superset first, then the five ILIKEs that decide.
  const superset = memberSearchSuperset(search);
  const decides = live.where((eb) =>
    eb.or([
      eb('u.username', 'ilike', like),
      eb('u.email', 'ilike', like),
      eb('u.fullname', 'ilike', like),
      eb('u.refferal_code', 'ilike', like),
      eb('u.phone', 'ilike', like),
    ]),
  );
  const matching = decides.where(superset);
  const ids = matching
    .select('u.id')
    .orderBy('u.id', 'desc')
    .offset((page - 1) * limit)
    .limit(limit);
  const [rows, count] = await Promise.all([
    selectUserRows(db).where('u.id', 'in', ids).orderBy('u.id', 'desc').execute(),
    // The planner estimates the five ILIKEs well, and their conjunction with the superset poorly.
    boundedCount(db, matching, COUNT_CAP, decides.select('u.id')),
  ]);
  return { users: await withMoney(db, rows), total: count.total };
}

export async function memberByEmail(db: Db, email: string): Promise<UserRecord> {
  const row = await selectUserRows(db)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound('No member has that email.');
  return userRecord(db, row.id);
}

/** Members registered DEFAULTER_AFTER_DAYS or more days ago with no direct referral. */
export async function defaulters(db: Db): Promise<UserRecord[]> {
  const rows = await selectUserRows(db)
    .where('u.role', '=', 'user')
    .where('u.created_at', '<=', sql<Date>`now() - make_interval(days => ${DEFAULTER_AFTER_DAYS})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as d')
            .select('d.id')
            .whereRef('d.sponsor_id', '=', 'u.id')
            .where('d.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('u.created_at')
    .limit(1000)
    .execute();
  return withMoney(db, rows);
}
