import { sql } from 'kysely';
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
