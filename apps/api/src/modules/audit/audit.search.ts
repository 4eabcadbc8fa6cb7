import type { AuditEntry, AuditQuery } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { badRequest, businessRule } from '../../http/errors';

/** The most rows one CSV export carries (the newest of the search); the page says so. */
export const AUDIT_CSV_MAX = 10_000;

const HOUR_MS = 3_600_000;
const num = (v: bigint | null) => (v === null ? null : Number(v));
const day = (date: string, plusDays = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000);

/**
 * The account a search names (decision 0054): its username or e-mail in any letter case (the unique lower(username)
 * index; lower(email) has one index for live accounts and one for deleted ones, migration 0091, each asked by its
 * own condition), else an account number written `17` or `#17`; deleted accounts too, the trail keeps them (a live
 * account before a deleted one of the same e-mail, the newest deleted one before older ones).
 * None: a 400 on the field, in words.
 */
async function accountId(db: Db, text: string, field: 'actor' | 'member'): Promise<bigint> {
  const q = text.toLowerCase();
  const number = /^#?(\d{1,18})$/.exec(text)?.[1];
  const { rows } = await sql<{ id: bigint }>`
    SELECT id FROM (
      (SELECT id, 1 AS rank FROM users WHERE lower(username) = ${q} LIMIT 1)
      UNION ALL
      (SELECT id, 2 FROM users WHERE lower(email) = ${q} AND deleted_at IS NULL LIMIT 1)
      UNION ALL
      (SELECT id, 3 FROM users WHERE lower(email) = ${q} AND deleted_at IS NOT NULL ORDER BY id DESC LIMIT 1)
      UNION ALL
      (SELECT id, 4 FROM users WHERE id = ${number ?? '0'}::bigint)
    ) found ORDER BY rank LIMIT 1`.execute(db);
  const found = rows[0];
  if (!found)
    throw badRequest('No account has that username, e-mail or number.', {
      [field]: ['No account has that username, e-mail or number.'],
    });
  return BigInt(found.id);
}

/**
 * Searches the audit trail (decision 0042): newest first, `limit` entries older than `cursor`; `actor` and `member`
 * name accounts as people do (accountId). Each filter
 * is an index range in id order (migration 0050), so a page costs the same on a log of millions. Dates are
 * UTC days, `to` inclusive.
 */
export async function searchAudit(
  db: Db,
  q: AuditQuery,
  limit = q.limit,
): Promise<{ entries: AuditEntry[]; next_cursor: number | null }> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as member', 'member.id', 'a.member_id')
    .select([
      'a.id',
      'a.actor_id',
      'actor.username as actor_name',
      'a.member_id',
      'member.username as member_name',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.before',
      'a.after',
      'a.reason',
      'a.approval_id',
      'a.approved_by',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(limit + 1);
  if (q.actor !== undefined) query = query.where('a.actor_id', '=', await accountId(db, q.actor, 'actor'));
  if (q.member !== undefined)
    query = query.where('a.member_id', '=', await accountId(db, q.member, 'member'));
  if (q.kind !== undefined)
    query = q.kind.includes('.')
      ? query.where('a.action', '=', q.kind)
      : query.where('a.entity', '=', q.kind);
  if (q.record !== undefined) {
    const at = q.record.indexOf(':');
    query = query
      .where('a.entity', '=', q.record.slice(0, at))
      .where('a.entity_id', '=', q.record.slice(at + 1));
  }
  // A date range is also turned into an id range, read from the created_at index, so the walk in id order
  // starts at the range instead of at the newest entry (one day 200 days back among 5,000,000: 280 ms
  // before). Exact while no transaction that writes an entry lasts an hour (ids follow insertion, created_at
  // the transaction's start): an entry stamped before `to` was inserted before any entry stamped an hour
  // after it, and an entry stamped from `from` on after any entry stamped an hour before it.
  if (q.from !== undefined) {
    const from = day(q.from);
    // A period that reaches into a month detached for archive (decision 0095) would come back short without a word:
    // refused instead. A search with no period lists what is live.
    const end = q.to === undefined ? null : day(q.to, 1);
    const { rows: archived } = await sql<{ month: string }>`
      SELECT to_char(month, 'YYYY-MM') AS month FROM audit_archived_months
      WHERE (month + interval '1 month') AT TIME ZONE 'UTC' > ${from}
        AND (${end}::timestamptz IS NULL OR month::timestamp AT TIME ZONE 'UTC' < ${end})
      ORDER BY month DESC LIMIT 1`.execute(db);
    if (archived[0])
      throw businessRule(
        `This period reaches into ${archived[0].month}, a month moved to the archive: its entries are kept there.`,
      );
    query = query.where('a.created_at', '>=', from).where(
      sql<boolean>`a.id > COALESCE((SELECT b.id FROM audit_log b WHERE b.created_at < ${new Date(from.getTime() - HOUR_MS)}
                     ORDER BY b.created_at DESC LIMIT 1), 0)`,
    );
  }
  if (q.to !== undefined) {
    const to = day(q.to, 1);
    query = query.where('a.created_at', '<', to).where(
      sql<boolean>`a.id < COALESCE((SELECT b.id FROM audit_log b WHERE b.created_at >= ${new Date(to.getTime() + HOUR_MS)}
                     ORDER BY b.created_at LIMIT 1), 9223372036854775807)`,
    );
  }
  if (q.cursor !== undefined) query = query.where('a.id', '<', BigInt(q.cursor));
  const rows = await query.execute();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    entries: page.map((r) => ({
      id: Number(r.id),
      actor_id: num(r.actor_id),
      actor_name: r.actor_name,
      member_id: num(r.member_id),
      member_name: r.member_name,
      kind: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      approval_id: num(r.approval_id),
      approved_by: num(r.approved_by),
      created_at: r.created_at.toISOString(),
    })),
    next_cursor: more ? Number(page[page.length - 1]?.id) : null,
  };
}

/** An entry as one CSV row: before and after as their JSON text. */
export const auditCsvRow = (e: AuditEntry) => ({
  ...e,
  before: e.before === null ? '' : JSON.stringify(e.before),
  after: e.after === null ? '' : JSON.stringify(e.after),
});
