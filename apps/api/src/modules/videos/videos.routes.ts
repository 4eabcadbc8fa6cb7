import {
  IdParam,
  LatestVideoResponse,
  MessageResponse,
  VideoBody,
  VideoListResponse,
  VideoResponse,
  VideoSavedResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';

type Row = { id: bigint; title: string; url: string; description: string | null; created_at: Date };
const toVideo = (r: Row) => ({
  id: Number(r.id),
  title: r.title,
  url: r.url,
  description: r.description,
  created_at: r.created_at.toISOString(),
});
const columns = ['id', 'title', 'url', 'description', 'created_at'] as const;

/** The video library (spec 2.7); members watch the latest one. Deleting keeps the row for the watch records. */
export function videosRoutes(app: App): void {
  const { db } = app.deps;
  const tags = ['videos'];
  const live = () => db.selectFrom('videos').select(columns).where('deleted_at', 'is', null);

  app.get(
    '/videos',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: VideoListResponse } } },
    async () => ({
      data: (await live().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute()).map(
        toVideo,
      ),
    }),
  );
  app.get(
    '/videos/latest',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: LatestVideoResponse } } },
    async () => {
      const r = await live().orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      return { data: r ? toVideo(r) : null };
    },
  );
  app.get(
    '/videos/:id',
    { config: { access: 'signed-in' }, schema: { tags, params: IdParam, response: { 200: VideoResponse } } },
    async (request) => {
      const r = await live().where('id', '=', BigInt(request.params.id)).executeTakeFirst();
      if (!r) throw notFound('Video not found.');
      return { data: toVideo(r) };
    },
  );
  app.post(
    '/videos',
    { config: { access: 'admin' }, schema: { tags, body: VideoBody, response: { 201: VideoSavedResponse } } },
    async (request, reply) => {
      const actor = principalOf(request).userId;
      const r = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('videos')
          .values({
            title: request.body.title,
            url: request.body.url,
            description: request.body.description || null,
            created_by: actor,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'video.create',
          entity: 'video',
          entityId: row.id,
          after: toVideo(row),
        });
        return row;
      });
      return reply.status(201).send({ data: toVideo(r), message: 'Video created successfully' });
    },
  );
  app.put(
    '/videos/:id',
    {
      config: { access: 'admin' },
      schema: { tags, params: IdParam, body: VideoBody, response: { 200: VideoSavedResponse } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const r = await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('videos')
          .set({
            title: request.body.title,
            url: request.body.url,
            description: request.body.description || null,
            updated_at: new Date(),
          })
          .where('id', '=', BigInt(request.params.id))
          .where('deleted_at', 'is', null)
          .returning(columns)
          .executeTakeFirst();
        if (!row) throw notFound('Video not found.');
        await writeAudit(tx, {
          actorId: actor,
          action: 'video.update',
          entity: 'video',
          entityId: row.id,
          after: toVideo(row),
        });
        return row;
      });
      return { data: toVideo(r), message: 'Video updated successfully' };
    },
  );
  app.delete(
    '/videos/:id',
    { config: { access: 'admin' }, schema: { tags, params: IdParam, response: { 200: MessageResponse } } },
    async (request) => {
      const actor = principalOf(request).userId;
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('videos')
          .set({ deleted_at: new Date() })
          .where('id', '=', BigInt(request.params.id))
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw notFound('Video not found.');
        await writeAudit(tx, { actorId: actor, action: 'video.delete', entity: 'video', entityId: row.id });
      });
      return { message: 'Video deleted successfully' };
    },
  );
}
