import { randomInt } from 'node:crypto';
import type { Db } from '../../db';
import type { TicketStatus } from '../../db/schema';
import { type Principal, STAFF_ROLE_REFUSAL, staffAllows } from '../../http/access';
import { conflict, forbidden, notFound } from '../../http/errors';
import { likePattern, seekPaged } from '../../http/listing';
import { notifyMember } from '../notifications/events';
import type { SettingsService } from '../settings/settings.service';
import { emit } from '../webhooks/emit';

type Row = {
  id: bigint;
  ticket_id: string;
  user_id: bigint;
  username: string;
  fullname: string;
  subject: string;
  category: string;
  status: TicketStatus;
  created_at: Date;
  updated_at: Date;
};
const toRecord = (r: Row) => ({
  id: Number(r.id),
  ticket_id: r.ticket_id,
  user_id: Number(r.user_id),
  username: r.username,
  fullname: r.fullname,
  subject: r.subject,
  category: r.category,
  status: r.status,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Support tickets: a member sees and answers only their own; admins see all, answer and set the status. */
export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  private base() {
    return this.db
      .selectFrom('tickets as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.ticket_id',
        't.user_id',
        'u.username',
        'u.fullname',
        't.subject',
        't.category',
        't.status',
        't.created_at',
        't.updated_at',
      ]);
  }

  private async owned(principal: Principal, id: bigint) {
    const t = await this.base().where('t.id', '=', id).executeTakeFirst();
    if (!t) throw notFound('Ticket not found.');
    if (principal.role !== 'admin' && t.user_id !== principal.userId)
      throw forbidden('You can only see your own tickets.');
    if (principal.role === 'admin' && !staffAllows(principal, 'tickets', 'read'))
      throw forbidden(STAFF_ROLE_REFUSAL);
    return t;
  }

  async create(principal: Principal, b: { subject: string; category: string; message: string }) {
    await this.settings.requireFeature('support');
    const id = await this.db.transaction().execute(async (tx) => {
      const t = await tx
        .insertInto('tickets')
        .values({
          ticket_id: `TCK-${Date.now().toString(36).toUpperCase()}${randomInt(1000, 9999)}`,
          user_id: principal.userId,
          subject: b.subject,
          category: b.category,
        })
        .returning(['id', 'ticket_id'])
        .executeTakeFirstOrThrow();
      await emit(tx, 'ticket.opened', {
        ticket_id: String(t.id),
        reference: t.ticket_id,
        member_id: String(principal.userId),
        subject: b.subject,
        category: b.category,
      });
      await tx
        .insertInto('ticket_responses')
        .values({ ticket_id: t.id, author_id: principal.userId, author_role: 'user', message: b.message })
        .execute();
      return t.id;
    });
    return this.single(principal, id);
  }

  async respond(principal: Principal, id: bigint, message: string) {
    const t = await this.owned(principal, id);
    if (principal.role === 'admin' && !staffAllows(principal, 'tickets', 'write'))
      throw forbidden(STAFF_ROLE_REFUSAL);
    if (t.status === 'closed' && principal.role !== 'admin')
      throw conflict('This ticket is closed. Open a new one.');
    await this.db.transaction().execute(async (tx) => {
      const response = await tx
        .insertInto('ticket_responses')
        .values({ ticket_id: t.id, author_id: principal.userId, author_role: principal.role, message })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (principal.role === 'admin')
        await notifyMember(tx, {
          userId: t.user_id,
          kind: 'ticket_answered',
          key: `ticket-answered:${response.id}`,
          title: 'Support answered your ticket',
          message: `Your ticket ${t.ticket_id} "${t.subject}" has a new answer from support.`,
          link: `/user/queries/${t.id}`,
        });
      // A member's reply reopens a resolved ticket; an admin's first reply moves an open one along.
      const status: TicketStatus | undefined =
        principal.role === 'admin'
          ? t.status === 'open'
            ? 'in-progress'
            : undefined
          : t.status === 'resolved'
            ? 'open'
            : undefined;
      await tx
        .updateTable('tickets')
        .set({ updated_at: new Date(), ...(status ? { status } : {}) })
        .where('id', '=', t.id)
        .execute();
    });
    return this.single(principal, id);
  }

  async setStatus(id: bigint, status: TicketStatus) {
    await this.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('tickets')
        .select(['status', 'updated_at', 'user_id', 'ticket_id', 'subject'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('Ticket not found.');
      await tx.updateTable('tickets').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
      // Told once per closing: setting the same status again changes nothing to tell.
      const closing = status === 'closed' || status === 'resolved';
      if (closing && before.status !== status)
        await notifyMember(tx, {
          userId: before.user_id,
          kind: 'ticket_closed',
          key: `ticket-${status}:${id}:${before.updated_at.getTime()}`,
          title: status === 'closed' ? 'Ticket closed' : 'Ticket resolved',
          message: `Your ticket ${before.ticket_id} "${before.subject}" was marked ${status} by support.`,
          link: `/user/queries/${id}`,
        });
    });
  }

  async responses(principal: Principal, id: bigint) {
    await this.owned(principal, id);
    const rows = await this.db
      .selectFrom('ticket_responses as r')
      .innerJoin('users as u', 'u.id', 'r.author_id')
      .select(['r.id', 'r.author_id', 'u.username', 'r.author_role', 'r.message', 'r.created_at'])
      .where('r.ticket_id', '=', id)
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      author_id: Number(r.author_id),
      author: r.username,
      author_role: r.author_role,
      message: r.message,
      created_at: r.created_at.toISOString(),
    }));
  }

  async single(principal: Principal, id: bigint) {
    const t = await this.owned(principal, id);
    return { ...toRecord(t), responses: await this.responses(principal, id) };
  }

  async list(
    q: { status?: TicketStatus | undefined; search?: string | undefined; page: number; limit: number },
    userId?: bigint,
  ) {
    let base = this.base();
    if (userId !== undefined) base = base.where('t.user_id', '=', userId);
    if (q.status) base = base.where('t.status', '=', q.status);
    if (q.search) {
      const like = likePattern(q.search);
      base = base.where((eb) =>
        eb.or([
          eb('t.subject', 'ilike', like),
          eb('t.ticket_id', 'ilike', like),
          eb('u.username', 'ilike', like),
        ]),
      );
    }
    // Last updated first; the id orders tickets updated in the same instant, so that a page is one set of rows.
    const { rows, total } = await seekPaged(
      this.db,
      base,
      (b, back) => b.orderBy('t.updated_at', back ? 'asc' : 'desc').orderBy('t.id', back ? 'asc' : 'desc'),
      q,
    );
    return {
      tickets: rows.map(toRecord),
      total,
      totalPages: Math.max(1, Math.ceil(total / q.limit)),
      currentPage: q.page,
    };
  }
}
