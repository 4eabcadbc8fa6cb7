import { sql } from 'kysely';
import { likePattern } from '../../http/listing';

/**
 * `u.id` is among the members whose searchable text (username, e-mail, name, referral code, phone: migrations 0019
 * and 0068) holds `search`: a superset, read from the trigram index from three characters on, from the index of one-
 * and two-character pieces below that. The caller's own ILIKEs decide among it.
 */
export const memberSearchSuperset = (search: string) =>
  /^[\x20-\x7e]{1,2}$/.test(search)
    ? sql<boolean>`u.id IN (SELECT s.user_id FROM member_search s WHERE search_grams(s.text) @> ARRAY[lower(${search})])`
    : sql<boolean>`u.id IN (SELECT s.user_id FROM member_search s WHERE s.text ILIKE ${likePattern(search)})`;

/**
 * `s` (member_search) is a member whose username holds `search` (decision 0089): read from the username's trigram
 * index from three characters on, from its index of one- and two-character pieces below that, then decided by the
 * ILIKE. What a search of usernames alone reads: the whole text's indexes name every member whose e-mail holds it.
 */
export const usernameHolds = (search: string) =>
  /^[\x20-\x7e]{1,2}$/.test(search)
    ? sql<boolean>`(search_grams(s.username) @> ARRAY[lower(${search})] AND s.username ILIKE ${likePattern(search)})`
    : sql<boolean>`s.username ILIKE ${likePattern(search)}`;
