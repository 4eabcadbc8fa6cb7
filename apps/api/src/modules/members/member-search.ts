import { sql } from 'kysely';
import type { Db } from '../../db';
import { likePattern } from '../../http/listing';

/**
 * Column `column` of member_search (`s`) holds `search`, as its indexes read it: from the trigram index from three
 * characters on (the ILIKE itself), from the index of one- and two-character pieces below that (a superset: the
 * pieces are lower-cased, so `exact` adds the ILIKE that decides).
 */
function holds(column: 'text' | 'username', search: string, exact: boolean) {
  const ref = sql.ref(`s.${column}`);
  const like = sql<boolean>`${ref} ILIKE ${likePattern(search)}`;
  if (!/^[\x20-\x7e]{1,2}$/.test(search)) return like;
  const pieces = sql<boolean>`search_grams(${ref}) @> ARRAY[lower(${search})]`;
  return exact ? sql<boolean>`(${pieces} AND ${like})` : pieces;
}

/**
 * `u.id` is among the members whose searchable text (username, e-mail, name, referral code, phone: migrations 0019
 * and 0068) holds `search`: a superset. The caller's own ILIKEs decide among it.
 */
export const memberSearchSuperset = (search: string) =>
  sql<boolean>`u.id IN (SELECT s.user_id FROM member_search s WHERE ${holds('text', search, false)})`;

/**
 * `s` (member_search) is a member whose username holds `search` (decision 0089), read from the username's own
 * indexes: the whole text's name every member whose e-mail holds it.
 */
export const usernameHolds = (search: string) => holds('username', search, true);

/** A search naming more members than this is broad (decision 0084): lists then test the username on their join. */
export const NAMED_CAP = 1_000;

/**
 * The members whose username holds `search` (usernameHolds), read first from member_search's own indexes, or null
 * when more than `cap` do (decision 0094). A list filters its rows by their owners' ids then, one index lookup each:
 * tested on the joined users instead, a search that names a few members read every row of the list to count them
 * (5-11 s for the deposits, top-ups and plans at 1,000,000 members). A broad one keeps the ILIKE on the join, where
 * the newest rows hold matches at once and the count stops at its cap.
 */
export async function membersNamed(db: Db, search: string, cap = NAMED_CAP): Promise<bigint[] | null> {
  const rows = await db
    .selectFrom('member_search as s')
    .select('s.user_id as id')
    .where(usernameHolds(search))
    .limit(cap + 1)
    .execute();
  return rows.length > cap ? null : rows.map((r) => r.id);
}

/**
 * membersNamed for a list's search, or null when the list is one member's own (`userId` set): its few rows are
 * tested on their join, and the members a common text names (up to the cap) would cost more to read than the list.
 */
export function membersNamedFor(
  db: Db,
  search: string,
  userId: bigint | undefined,
): Promise<bigint[] | null> {
  return userId === undefined ? membersNamed(db, search) : Promise.resolve(null);
}

/** `column` (a member's id) is one of `ids` (membersNamed); false for none. */
export const oneOf = (column: string, ids: readonly bigint[]) =>
  sql<boolean>`${sql.ref(column)} = ANY(${ids.map(String)}::bigint[])`;
