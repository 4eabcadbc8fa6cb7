import type { Video, VideoState } from '@sgx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db';

/**
 * A video's state by the database clock (decision 0037): no publish time is a draft, a time still ahead a
 * schedule, a time passed live. Reads and filters use the same clock, so a scheduled video goes live by itself.
 */
const stateAt = (clock: RawBuilder<Date>) => sql<VideoState>`CASE WHEN publish_at IS NULL THEN 'draft'
  WHEN publish_at > ${clock} THEN 'scheduled' ELSE 'published' END`;

export const videoColumns = ['id', 'title', 'url', 'description', 'created_at', 'publish_at'] as const;

export type VideoRow = {
  id: bigint;
  title: string;
  url: string;
  description: string | null;
  created_at: Date;
  publish_at: Date | null;
  status: VideoState;
};

export function toVideo(r: VideoRow): Video {
  return {
    id: Number(r.id),
    title: r.title,
    url: r.url,
    description: r.description,
    created_at: r.created_at.toISOString(),
    status: r.status,
    publish_at: r.publish_at?.toISOString() ?? null,
  };
}

/** Every video not deleted, with its state: what admins see. */
export function libraryVideos(db: DbOrTx) {
  return db
    .selectFrom('videos')
    .select(videoColumns)
    .select(stateAt(sql`now()`).as('status'))
    .where('deleted_at', 'is', null);
}

/**
 * The videos members see: live ones only (publish time passed), the most recently published first. The
 * watch session takes the first of these (modules/income/roi.service.ts), so a draft or a video scheduled
 * for later is never watched nor paid for.
 */
export function liveVideos(db: DbOrTx) {
  return libraryVideos(db)
    .where('publish_at', '<=', sql<Date>`now()`)
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc');
}

/**
 * One video as admins see it, locked for a change in `tx`, its state by the clock when the lock is taken
 * (not the transaction's start): a transaction that waited for the lock reads the row again as the other
 * one left it, and judges it by a clock past that one's publish time.
 */
export function videoForUpdate(tx: DbOrTx, id: bigint) {
  return tx
    .selectFrom('videos')
    .select(videoColumns)
    .select(stateAt(sql`clock_timestamp()`).as('status'))
    .where('deleted_at', 'is', null)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function dbClock(tx: DbOrTx): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(tx);
  const now = rows[0]?.now;
  if (!now) throw new Error('No clock');
  return now;
}
