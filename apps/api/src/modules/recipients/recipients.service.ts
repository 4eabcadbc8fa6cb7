import type { Recipient, RecipientLookupQuery } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { businessRule, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';

/** Lookups a member may make per rate-limit window: plenty for typing names, few for guessing e-mails. */
export const LOOKUPS_PER_WINDOW = 60;

export const NO_SUCH_MEMBER = 'No member with that username, referral code or e-mail.';
/** The spec's refusal of a friend top-up to oneself (business-rules 6), and the transfer's own. */
export const SELF_MESSAGES: Record<RecipientLookupQuery['for'], string> = {
  transfer: "That is your own account: enter another member's username, referral code or e-mail.",
  friend: 'Visit Membership Plan to topup self account',
};

/**
 * Finds the member a transfer or friend top-up goes to (decision 0036): an exact username, e-mail or
 * referral code in any letter case, through the unique lower(username) and lower(email) indexes and
 * lower(refferal_code) (migration 0048). Answers only the id, name and username; never the e-mail.
 */
export class RecipientsService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly windowMs: number,
  ) {}

  async lookup(me: bigint, query: RecipientLookupQuery): Promise<Recipient> {
    await this.limiter.hit(`recipient-lookup:acct:${me}`, LOOKUPS_PER_WINDOW, this.windowMs);
    const q = query.q.toLowerCase();
    // Rank: username, then e-mail, then the referral code as written, then in another letter case. A
    // username and an e-mail are unique in any case; referral codes only as written, so two may differ
    // in case alone: then only the exact spelling names one.
    const { rows } = await sql<{ id: bigint; fullname: string; username: string; rank: number }>`
      SELECT id, fullname, username, rank FROM (
        (SELECT id, fullname, username, 1 AS rank FROM users
          WHERE lower(username) = ${q} AND deleted_at IS NULL AND role = 'user' LIMIT 1)
        UNION ALL
        (SELECT id, fullname, username, 2 FROM users
          WHERE lower(email) = ${q} AND deleted_at IS NULL AND role = 'user' LIMIT 1)
        UNION ALL
        (SELECT id, fullname, username, CASE WHEN refferal_code = ${query.q} THEN 3 ELSE 4 END FROM users
          WHERE lower(refferal_code) = ${q} AND deleted_at IS NULL AND role = 'user' LIMIT 3)
      ) found
      ORDER BY rank, id
      LIMIT 2`.execute(this.db);
    const [first, second] = rows;
    if (!first) throw notFound(NO_SUCH_MEMBER);
    if (first.rank === 4 && second?.rank === 4) {
      throw conflict(
        'More than one member has that referral code in another letter case: type it exactly as written, or use the username.',
      );
    }
    if (first.id === me) throw businessRule(SELF_MESSAGES[query.for]);
    return { id: Number(first.id), name: first.fullname, username: first.username };
  }
}
