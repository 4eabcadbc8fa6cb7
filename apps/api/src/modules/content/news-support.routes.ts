import {
  IdParam,
  MessageResponse,
  NewsBody,
  NewsItem,
  NewsListResponse,
  SupportBody,
  SupportListResponse,
  SupportMessage,
  SupportReplyBody,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { badRequest, notFound } from '../../http/errors';
import { scopeOf } from '../../http/listing';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** News and support messages (spec 7.7, 7.11). */
export function newsAndSupportRoutes(app: App): void {
  const { db, settings } = app.deps;

  // ---- news
  const toNews = (r: {
    id: bigint;
    title: string;
    body: string;
    published: boolean;
    created_at: Date;
    updated_at: Date;
  }) => ({
    id: Number(r.id),
    title: r.title,
    body: r.body,
    published: r.published,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  });
  const newsCols = ['id', 'title', 'body', 'published', 'created_at', 'updated_at'] as const;
  app.post(
    '/news/add',
    {
      config: { access: 'admin', permission: 'content' },
      schema: {
        tags: ['content'],
        body: NewsBody,
        response: { 201: z.object({ message: z.string(), news: NewsItem }) },
      },
    },
    async (request, reply) => {
      const r = await db
        .insertInto('news')
        .values({ ...request.body, created_by: principalOf(request).userId })
        .returning(newsCols)
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ message: 'News published', news: toNews(r) });
    },
  );
  app.get(
    '/news/list',
    { config: { access: 'signed-in' }, schema: { tags: ['content'], response: { 200: NewsListResponse } } },
    async (request) => {
      let q = db.selectFrom('news').select(newsCols).where('deleted_at', 'is', null);
      if (principalOf(request).role !== 'admin') q = q.where('published', '=', true);
      return { news: (await q.orderBy('id', 'desc').limit(200).execute()).map(toNews) };
    },
  );
  app.get(
    '/news/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['content'], params: IdParam, response: { 200: z.object({ news: NewsItem }) } },
    },
    async (request) => {
      const r = await db
        .selectFrom('news')
        .select(newsCols)
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!r || (!r.published && principalOf(request).role !== 'admin')) throw notFound('News not found.');
      return { news: toNews(r) };
    },
  );
  app.put(
    '/news/:id',
    {
      config: { access: 'admin', permission: 'content' },
      schema: {
        tags: ['content'],
        params: IdParam,
        body: NewsBody,
        response: { 200: z.object({ message: z.string(), news: NewsItem }) },
      },
    },
    async (request) => {
      const r = await db
        .updateTable('news')
        .set({ ...request.body, updated_at: new Date() })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning(newsCols)
        .executeTakeFirst();
      if (!r) throw notFound('News not found.');
      return { message: 'News updated', news: toNews(r) };
    },
  );
  app.delete(
    '/news/:id',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags: ['content'], params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      const r = await db
        .updateTable('news')
        .set({ deleted_at: new Date() })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('News not found.');
      return { message: 'News deleted' };
    },
  );

  // ---- support messages
  const supportQuery = () =>
    db
      .selectFrom('support_messages as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.user_id',
        'u.username',
        's.subject',
        's.message',
        's.status',
        's.reply',
        's.replied_at',
        's.created_at',
      ])
      .where('s.deleted_at', 'is', null);
  type SupportRow = Awaited<ReturnType<ReturnType<typeof supportQuery>['executeTakeFirstOrThrow']>>;
  const toSupport = (r: SupportRow) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    replied_at: iso(r.replied_at),
    created_at: r.created_at.toISOString(),
  });
  app.post(
    '/support/add',
    {
      config: { access: 'member' },
      schema: {
        tags: ['content'],
        body: SupportBody,
        response: { 201: z.object({ message: z.string(), support: SupportMessage }) },
      },
    },
    async (request, reply) => {
      await settings.requireFeature('support');
      const r = await db
        .insertInto('support_messages')
        .values({ ...request.body, user_id: principalOf(request).userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await supportQuery().where('s.id', '=', r.id).executeTakeFirstOrThrow();
      return reply.status(201).send({ message: 'Message sent to support', support: toSupport(row) });
    },
  );
  app.get(
    '/support/list',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['content'], response: { 200: SupportListResponse } },
    },
    async (request) => {
      const owner = scopeOf(principalOf(request), undefined, 'tickets');
      let q = supportQuery();
      if (owner !== undefined) q = q.where('s.user_id', '=', owner);
      return { support: (await q.orderBy('s.id', 'desc').limit(500).execute()).map(toSupport) };
    },
  );
  app.get(
    '/support/by/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['content'], params: IdParam, response: { 200: SupportListResponse } },
    },
    async (request) => {
      const owner = scopeOf(principalOf(request), request.params.id, 'tickets') ?? BigInt(request.params.id);
      return {
        support: (
          await supportQuery().where('s.user_id', '=', owner).orderBy('s.id', 'desc').limit(500).execute()
        ).map(toSupport),
      };
    },
  );
  app.put(
    '/support/:id',
    {
      config: { access: 'admin', permission: 'tickets' },
      schema: {
        tags: ['content'],
        params: IdParam,
        body: SupportReplyBody,
        response: { 200: z.object({ message: z.string(), support: SupportMessage }) },
      },
    },
    async (request) => {
      const { reply: text, status } = request.body;
      const set = {
        ...(text
          ? {
              reply: text,
              replied_by: principalOf(request).userId,
              replied_at: new Date(),
              status: status ?? ('answered' as const),
            }
          : {}),
        ...(status && !text ? { status } : {}),
      };
      if (Object.keys(set).length === 0) throw badRequest('Send a reply or a status.');
      const r = await db
        .updateTable('support_messages')
        .set(set)
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Message not found.');
      return {
        message: 'Support message updated',
        support: toSupport(await supportQuery().where('s.id', '=', r.id).executeTakeFirstOrThrow()),
      };
    },
  );
  app.delete(
    '/support/:id',
    {
      config: { access: 'admin', permission: 'tickets' },
      schema: { tags: ['content'], params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      const r = await db
        .updateTable('support_messages')
        .set({ deleted_at: new Date() })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Message not found.');
      return { message: 'Support message deleted' };
    },
  );
}
