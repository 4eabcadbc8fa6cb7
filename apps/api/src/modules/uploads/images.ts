import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

export const contentTypeOf = (name: string) => kinds.find((k) => name.endsWith(`.${k.ext}`))?.type;
export const UPLOAD_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/**
 * Stores an uploaded image under a generated name, after checking by its content (not its name or
 * declared type) that it is a PNG, JPEG, GIF or WebP. Returns the stored name.
 */
export async function saveImage(uploadsDir: string, data: Buffer): Promise<string> {
  const kind = kinds.find((k) => k.test(data));
  if (!kind)
    throw badRequest('Only PNG, JPEG, GIF or WebP images are accepted.', {
      image: ['Only PNG, JPEG, GIF or WebP images are accepted.'],
    });
  await mkdir(uploadsDir, { recursive: true });
  const name = `${randomUUID()}.${kind.ext}`;
  await writeFile(path.join(uploadsDir, name), data, { flag: 'wx' });
  return name;
}
