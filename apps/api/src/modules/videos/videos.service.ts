import type { VideoBody, VideoState } from '@sgx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { dbClock, libraryVideos, liveVideos, toVideo, type VideoRow, videoForUpdate } from './videos.repo';

type Body = { title: string; url: string; description?: string | undefined } & Pick<
  VideoBody,
  'status' | 'publish_at'
>;

/** The publish time a change asks for: `undefined` keeps the one the video has (decision 0037). */
async function publishAtFor(
  tx: DbOrTx,
  body: Body,
  current: VideoRow | null,
): Promise<Date | null | RawBuilder<Date> | undefined> {
  const status: VideoState | undefined = body.status ?? (current === null ? 'published' : undefined);
  if (status === undefined) return undefined;
  if (status === 'draft') return null;
  if (status === 'published') {
    return current?.status === 'published' ? undefined : sql<Date>`now()`;
  }
  const at = new Date(body.publish_at ?? Number.NaN);
  if (Number.isNaN(at.getTime()) || at <= (await dbClock(tx))) {
    throw badRequest('The scheduled time has passed. Choose a later time, or publish now.', {
      publish_at: ['The scheduled time has passed. Choose a later time, or publish now.'],
    });
  }
  return at;
}

async function saved(tx: DbOrTx, id: bigint) {
  const row = await libraryVideos(tx).where('id', '=', id).executeTakeFirstOrThrow();
  return toVideo(row);
}

/** The video library (spec 2.7) with drafts and schedules (decision 0037). Admin changes are audited. */
export const videosService = {
  /** Admins see the whole library, newest first; members only live videos, the latest published first. */
  async list(db: Db, principal: Principal) {
    const rows =
      principal.role === 'admin'
        ? await libraryVideos(db).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute()
        : await liveVideos(db).limit(500).execute();
    return rows.map(toVideo);
  },

  /** The video members watch today, for anyone: the latest live one. */
  async latest(db: Db) {
    const row = await liveVideos(db).executeTakeFirst();
    return row ? toVideo(row) : null;
  },

  /** One video: an admin may open a draft or a scheduled one (the preview); a member only a live one. */
  async one(db: Db, principal: Principal, id: bigint) {
    const row = await libraryVideos(db).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Video not found.');
    if (principal.role !== 'admin' && row.status !== 'published') {
      throw notFound('This video is not published yet.');
    }
    return toVideo(row);
  },

  async create(db: Db, actor: bigint, body: Body) {
    return db.transaction().execute(async (tx) => {
      const publishAt = await publishAtFor(tx, body, null);
      const { id } = await tx
        .insertInto('videos')
        .values({
          title: body.title,
          url: body.url,
          description: body.description || null,
          created_by: actor,
          publish_at: publishAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await saved(tx, id);
      await writeAudit(tx, { actorId: actor, action: 'video.create', entity: 'video', entityId: id, after });
      return after;
    });
  },

  async update(db: Db, actor: bigint, id: bigint, body: Body) {
    return db.transaction().execute(async (tx) => {
      const current = await videoForUpdate(tx, id);
      if (!current) throw notFound('Video not found.');
      const publishAt = await publishAtFor(tx, body, current);
      await tx
        .updateTable('videos')
        .set({
          title: body.title,
          url: body.url,
          description: body.description || null,
          updated_at: new Date(),
          ...(publishAt === undefined ? {} : { publish_at: publishAt }),
        })
        .where('id', '=', id)
        .execute();
      const after = await saved(tx, id);
      await writeAudit(tx, {
        actorId: actor,
        action: 'video.update',
        entity: 'video',
        entityId: id,
        before: toVideo(current),
        after,
      });
      return after;
    });
  },

  /** Publish now: a draft or a scheduled video goes live at once; a live one stays as it is. */
  async publish(db: Db, actor: bigint, id: bigint) {
    return db.transaction().execute(async (tx) => {
      const current = await videoForUpdate(tx, id);
      if (!current) throw notFound('Video not found.');
      if (current.status === 'published') {
        return { video: toVideo(current), message: 'This video is already live.' };
      }
      await tx
        .updateTable('videos')
        .set({ publish_at: sql<Date>`now()`, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      const after = await saved(tx, id);
      await writeAudit(tx, {
        actorId: actor,
        action: 'video.publish',
        entity: 'video',
        entityId: id,
        before: toVideo(current),
        after,
      });
      return { video: after, message: 'Video published' };
    });
  },

  /** Deleting keeps the row for the watch records. */
  async remove(db: Db, actor: bigint, id: bigint) {
    await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('videos')
        .set({ deleted_at: new Date() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound('Video not found.');
      await writeAudit(tx, { actorId: actor, action: 'video.delete', entity: 'video', entityId: row.id });
    });
  },
};
