import path from 'node:path';
import {
  AchieverFields,
  AchieversResponse,
  BannerResponse,
  BannerSavedResponse,
  IdParam,
  MessageResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { readImageForm } from '../uploads/form';
import { findImage, saveImage, UPLOAD_NAME } from '../uploads/images';
import { importUploadsFolder } from '../uploads/legacy-folder';
import { newsAndSupportRoutes } from './news-support.routes';

const NameParam = z.object({ name: z.string().regex(UPLOAD_NAME, 'Unknown file.') });
const imageUrl = (name: string) => `/api/v1/uploads/${name}`;
const _iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Banners and achievers (spec 7.2 banner), the uploaded images; news and support in news-support.routes.ts. */
export function contentRoutes(app: App): void {
  const { db, config } = app.deps;

  // Images are kept in PostgreSQL, where every instance finds them; those an earlier version saved in
  // <dataDir>/uploads are copied there at start (decision 0015).
  app.addHook('onReady', async () => {
    const { imported, skipped } = await importUploadsFolder(db, path.join(config.dataDir, 'uploads'));
    if (imported > 0 || skipped.length > 0)
      app.log.info({ imported, skipped }, 'images from the uploads folder copied to the database');
  });

  app.get(
    '/uploads/:name',
    { config: { access: 'public' }, schema: { tags: ['content'], params: NameParam } },
    async (request, reply) => {
      const image = await findImage(db, request.params.name);
      if (!image) throw notFound('File not found.');
      // A name is a random UUID and its image never changes: cached for a year, revalidated by ETag.
      reply
        .header('etag', image.etag)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable');
      const wanted = request.headers['if-none-match'];
      if (wanted?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag))
        return reply.status(304).send();
      return reply.header('content-type', image.contentType).send(image.bytes);
    },
  );

  // ---- banner
  app.post(
    '/notifications/banner',
    {
      config: { access: 'admin', permission: 'content' },
      schema: {
        tags: ['content'],
        consumes: ['multipart/form-data'],
        response: { 201: BannerSavedResponse },
      },
    },
    async (request, reply) => {
      const { image } = await readImageForm(request);
      if (!image) throw badRequest('Choose an image.', { image: ['Choose an image.'] });
      const actor = principalOf(request).userId;
      const row = await db.transaction().execute(async (tx) => {
        const name = await saveImage(tx, image);
        const r = await tx
          .insertInto('banners')
          .values({ image: name, created_by: actor })
          .returning(['id', 'image', 'created_at'])
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'banner.create',
          entity: 'banner',
          entityId: r.id,
          after: { image: name },
        });
        return r;
      });
      return reply.status(201).send({
        message: 'Banner created successfully!',
        banner: {
          id: Number(row.id),
          image: row.image,
          url: imageUrl(row.image),
          created_at: row.created_at.toISOString(),
        },
      });
    },
  );
  app.get(
    '/notifications/banner',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: BannerResponse } } },
    async () => {
      const r = await db
        .selectFrom('banners')
        .select(['id', 'image', 'created_at'])
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return {
        banner: r
          ? {
              id: Number(r.id),
              image: r.image,
              url: imageUrl(r.image),
              created_at: r.created_at.toISOString(),
            }
          : null,
      };
    },
  );

  // ---- achievers
  const achievers = async () =>
    (
      await db
        .selectFrom('achievers')
        .select(['id', 'name', 'title', 'image', 'created_at'])
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(200)
        .execute()
    ).map((r) => ({
      id: Number(r.id),
      name: r.name,
      title: r.title,
      image: r.image,
      url: imageUrl(r.image),
      created_at: r.created_at.toISOString(),
    }));
  app.post(
    '/achivers/add',
    {
      config: { access: 'admin', permission: 'content' },
      schema: {
        tags: ['content'],
        consumes: ['multipart/form-data'],
        response: { 201: AchieversResponse.extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { fields, image } = await readImageForm(request);
      const parsed = AchieverFields.safeParse(fields);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input.', {
          name: parsed.error.issues.map((i) => i.message),
        });
      if (!image) throw badRequest('Choose an image.', { image: ['Choose an image.'] });
      const actor = principalOf(request).userId;
      await db.transaction().execute(async (tx) => {
        const name = await saveImage(tx, image);
        const r = await tx
          .insertInto('achievers')
          .values({ name: parsed.data.name, title: parsed.data.title, image: name, created_by: actor })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'achiever.create',
          entity: 'achiever',
          entityId: r.id,
          after: { name: parsed.data.name },
        });
      });
      return reply.status(201).send({ message: 'Achiever added', achievers: await achievers() });
    },
  );
  app.get(
    '/achivers/list',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: AchieversResponse } } },
    async () => ({ achievers: await achievers() }),
  );
  app.delete(
    '/achivers/:id',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags: ['content'], params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      const r = await db
        .updateTable('achievers')
        .set({ deleted_at: new Date() })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Achiever not found.');
      return { message: 'Achiever removed' };
    },
  );

  newsAndSupportRoutes(app);
}
