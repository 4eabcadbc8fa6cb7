import { alwaysMailedEventKinds, type MemberEventKind, memberEventKindLabels } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { businessRule, notFound } from '../../http/errors';
import { openStaffAlerts } from './staff-alerts';

type EventRow = {
  id: bigint;
  kind: MemberEventKind;
  title: string;
  message: string;
  link: string | null;
  created_at: Date;
  seen_at: Date | null;
};
const toEvent = (r: EventRow) => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  message: r.message,
  link: r.link,
  created_at: r.created_at.toISOString(),
  seen_at: r.seen_at ? r.seen_at.toISOString() : null,
});

/** How many of the team's notices a member is shown (the newest), and so the most that count as unread. */
export const NOTICES_SHOWN = 200;

/** The admin-sent notices one member sees (as NotificationsService.forMember: the newest NOTICES_SHOWN). */
const visibleNotices = (userId: bigint) => sql`
  SELECT n.id FROM notifications n
  WHERE n.deleted_at IS NULL
    AND (n.users OR EXISTS (
      SELECT 1 FROM notification_recipients r WHERE r.notification_id = n.id AND r.user_id = ${userId}))
  ORDER BY n.id DESC LIMIT ${NOTICES_SHOWN}`;

/**
 * A member's own events (what happened to their money or requests): the newest first, seen one by one
 * or all at once, the unread count of the navigation, and which kinds they want by e-mail. Every read
 * takes the member from the session; nothing here reaches another member's rows.
 */
export class MemberEventsService {
  constructor(private readonly db: Db) {}

  async list(userId: bigint, q: { before?: number | undefined; limit: number }) {
    let query = this.db
      .selectFrom('member_events')
      .select(['id', 'kind', 'title', 'message', 'link', 'created_at', 'seen_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(q.limit);
    if (q.before !== undefined) query = query.where('id', '<', BigInt(q.before));
    const [rows, unread] = await Promise.all([query.execute(), this.unreadEvents(userId)]);
    return { events: rows.map(toEvent), unread };
  }

  private async unreadEvents(userId: bigint): Promise<number> {
    const r = await this.db
      .selectFrom('member_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('seen_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * The one definition of unread (decision 0019): the member's events not seen plus the team's notices shown to
   * them and not seen. The navigation's badge, the notifications page's count and the `unread` of both
   * lists (events, notices) are this, so they agree.
   */
  async unreadCount(userId: bigint) {
    const [events, notices] = await Promise.all([
      this.unreadEvents(userId),
      sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (${visibleNotices(userId)}) v
        WHERE NOT EXISTS (SELECT 1 FROM notification_seen s WHERE s.notification_id = v.id AND s.user_id = ${userId})`
        .execute(this.db)
        .then((r) => r.rows[0]?.n ?? 0),
    ]);
    return { unread: events + notices, events, notices };
  }

  /** Marks one of the member's own events seen (again: no change). Another member's: not found. */
  async markSeen(userId: bigint, id: bigint): Promise<void> {
    const r = await this.db
      .updateTable('member_events')
      .set((eb) => ({ seen_at: eb.fn.coalesce('seen_at', sql<Date>`now()`) }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!r) throw notFound('Notification not found.');
  }

  /** Marks every event and every team notice of the member seen; returns how many were unread. */
  async markAllSeen(userId: bigint): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const events = await tx
        .updateTable('member_events')
        .set({ seen_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('seen_at', 'is', null)
        .executeTakeFirst();
      const notices = await sql`
        INSERT INTO notification_seen (notification_id, user_id)
        SELECT v.id, ${userId} FROM (${visibleNotices(userId)}) v
        ON CONFLICT DO NOTHING`.execute(tx);
      return Number(events.numUpdatedRows) + Number(notices.numAffectedRows ?? 0n);
    });
  }

  async mailSettings(userId: bigint) {
    const off = await this.db
      .selectFrom('member_event_mail_off')
      .select('kind')
      .where('user_id', '=', userId)
      .execute();
    const offKinds = new Set(off.map((r) => r.kind));
    // Security notices are always e-mailed, so they have no switch.
    const kinds = (Object.keys(memberEventKindLabels) as MemberEventKind[]).filter(
      (kind) => !alwaysMailedEventKinds.includes(kind),
    );
    return kinds.map((kind) => ({
      kind,
      label: memberEventKindLabels[kind],
      email: !offKinds.has(kind),
    }));
  }

  async setMailSetting(userId: bigint, kind: MemberEventKind, email: boolean) {
    if (!email && alwaysMailedEventKinds.includes(kind))
      throw businessRule(`${memberEventKindLabels[kind]} notices are always e-mailed.`);
    if (email) {
      await this.db
        .deleteFrom('member_event_mail_off')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .execute();
    } else {
      await this.db
        .insertInto('member_event_mail_off')
        .values({ user_id: userId, kind })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return this.mailSettings(userId);
  }

  /**
   * The admin queues: pending deposits and withdrawals, unclosed tickets, approvals waiting for a second
   * admin (each from a partial index).
   */
  async queueCounts() {
    const { rows } = await sql<{ deposits: number; withdrawals: number; tickets: number; approvals: number }>`
      SELECT (SELECT count(*) FROM deposits WHERE status = 'pending')::int AS deposits,
             (SELECT count(*) FROM withdrawals WHERE status = 'pending')::int AS withdrawals,
             (SELECT count(*) FROM tickets WHERE status IN ('open', 'in-progress'))::int AS tickets,
             (SELECT count(*) FROM approvals WHERE status = 'pending')::int AS approvals`.execute(this.db);
    const counts = rows[0] ?? { deposits: 0, withdrawals: 0, tickets: 0, approvals: 0 };
    return { ...counts, alerts: await openStaffAlerts(this.db) };
  }
}
