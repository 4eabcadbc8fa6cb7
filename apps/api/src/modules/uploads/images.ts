import { createHash, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db';
import type { UploadsTable } from '../../db/schema';
import { badRequest } from '../../http/errors';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const kinds = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    type: 'image/gif',
    test: (b: Buffer) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export const UPLOAD_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** The image kind by content (not by name or declared type), or undefined for anything else. */
export const imageKindOf = (data: Buffer) => kinds.find((k) => k.test(data));

/**
 * Stores an uploaded image in PostgreSQL (table `uploads`, so every API instance serves it) under a
 * generated name, after checking by its content that it is a PNG, JPEG, GIF or WebP. Returns the name.
 */
export async function saveImage(db: DbOrTx, data: Buffer): Promise<string> {
  const kind = imageKindOf(data);
  if (!kind)
    throw badRequest('Only PNG, JPEG, GIF or WebP images are accepted.', {
      image: ['Only PNG, JPEG, GIF or WebP images are accepted.'],
    });
  const name = `${randomUUID()}.${kind.ext}`;
  await insertImage(db, name, kind.type, data);
  return name;
}

/** Adds an image under `name`; an image already stored under that name is kept (returns false). */
export async function insertImage(
  db: DbOrTx,
  name: string,
  contentType: Insertable<UploadsTable>['content_type'],
  data: Buffer,
): Promise<boolean> {
  const r = await db
    .insertInto('uploads')
    .values({
      name,
      content_type: contentType,
      bytes: data,
      sha256: createHash('sha256').update(data).digest(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export type StoredImage = { contentType: string; bytes: Buffer; etag: string };

/** The stored image named `name`, with its ETag (the SHA-256 of its bytes), or undefined. */
export async function findImage(db: DbOrTx, name: string): Promise<StoredImage | undefined> {
  const r = await db
    .selectFrom('uploads')
    .select(['content_type', 'bytes', 'sha256'])
    .where('name', '=', name)
    .executeTakeFirst();
  return r && { contentType: r.content_type, bytes: r.bytes, etag: `"${r.sha256.toString('base64url')}"` };
}
