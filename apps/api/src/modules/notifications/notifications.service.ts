import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mailer';
import { EventMailer } from './event-mail';
import { MemberEventsService, NOTICES_SHOWN } from './events.service';

type Row = {
  id: bigint;
  title: string;
  message: string;
  users: boolean;
  type: 'notification' | 'site_popup';
  created_at: Date;
};

/**
 * Notifications to all members or to chosen ones, each seen (or not) per member; beside them, each
 * member's own events (`events`) and their e-mail after commit (`mail`).
 */
export class NotificationsService {
  readonly events: MemberEventsService;
  readonly mail: EventMailer;

  constructor(
    private readonly db: Db,
    mailer: Mailer,
    appUrl: string,
  ) {
    this.events = new MemberEventsService(db);
    this.mail = new EventMailer(db, mailer, appUrl);
  }

  async create(
    principal: Principal,
    b: {
      title: string;
      message: string;
      users: boolean;
      type: 'notification' | 'site_popup';
      recipients: number[];
    },
  ) {
    const recipients = b.users ? [] : [...new Set(b.recipients)].map(BigInt);
    return this.db.transaction().execute(async (tx) => {
      if (recipients.length > 0) {
        const found = await tx
          .selectFrom('users')
          .select('id')
          .where('id', 'in', recipients)
          .where('role', '=', 'user')
          .where('deleted_at', 'is', null)
          .execute();
        if (found.length !== recipients.length)
          throw badRequest('Some chosen members do not exist.', {
            recipients: ['Some chosen members do not exist.'],
          });
      }
      const n = await tx
        .insertInto('notifications')
        .values({
          title: b.title,
          message: b.message,
          users: b.users,
          type: b.type,
          created_by: principal.userId,
        })
        .returning(['id', 'title', 'message', 'users', 'type', 'created_at'])
        .executeTakeFirstOrThrow();
      if (recipients.length > 0) {
        await tx
          .insertInto('notification_recipients')
          .values(recipients.map((user_id) => ({ notification_id: n.id, user_id })))
          .execute();
      }
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'notification.create',
        entity: 'notification',
        entityId: n.id,
        after: { title: b.title, users: b.users, type: b.type, recipients },
      });
      return this.toRecord(n, recipients);
    });
  }

  private toRecord(n: Row, recipients: bigint[]) {
    return {
      id: Number(n.id),
      notification_id: Number(n.id),
      title: n.title,
      message: n.message,
      users: n.users,
      type: n.type,
      recipients: recipients.map(Number),
      created_at: n.created_at.toISOString(),
    };
  }

  async all() {
    const rows = await this.db
      .selectFrom('notifications as n')
      .select(['n.id', 'n.title', 'n.message', 'n.users', 'n.type', 'n.created_at'])
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(r.user_id::text) FROM notification_recipients r WHERE r.notification_id = n.id), '{}')`.as(
          'recipients',
        ),
      )
      .where('n.deleted_at', 'is', null)
      .orderBy('n.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((r) => this.toRecord(r, r.recipients.map(BigInt)));
  }

  /** What one member receives: everything for all members and what names them, newest first. */
  async forMember(userId: bigint, type?: 'notification' | 'site_popup', unseenOnly = false) {
    let q = this.db
      .selectFrom('notifications as n')
      .leftJoin('notification_seen as s', (j) =>
        j.onRef('s.notification_id', '=', 'n.id').on('s.user_id', '=', userId),
      )
      .select(['n.id', 'n.title', 'n.message', 'n.users', 'n.type', 'n.created_at', 's.seen_at'])
      .where('n.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('n.users', '=', true),
          eb.exists(
            eb
              .selectFrom('notification_recipients as r')
              .select('r.user_id')
              .whereRef('r.notification_id', '=', 'n.id')
              .where('r.user_id', '=', userId),
          ),
        ]),
      )
      .orderBy('n.id', 'desc')
      .limit(NOTICES_SHOWN);
    if (type) q = q.where('n.type', '=', type);
    if (unseenOnly) q = q.where('s.seen_at', 'is', null);
    const rows = await q.execute();
    return rows.map((r) => {
      const { recipients: _r, ...rest } = this.toRecord(r, []);
      return { ...rest, seen: r.seen_at !== null, seen_at: r.seen_at ? r.seen_at.toISOString() : null };
    });
  }

  async markSeen(principal: Principal, id: bigint, userId: bigint) {
    if (principal.userId !== userId) throw forbidden('You can only mark your own notifications.');
    const visible = await this.forMember(userId);
    if (!visible.some((n) => n.id === Number(id))) throw notFound('Notification not found.');
    await this.db
      .insertInto('notification_seen')
      .values({ notification_id: id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async remove(principal: Principal, id: bigint) {
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('notifications')
        .set({ deleted_at: new Date() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Notification not found.');
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'notification.delete',
        entity: 'notification',
        entityId: id,
      });
    });
  }
}
