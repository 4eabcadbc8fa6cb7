import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db';
import { imageKindOf, insertImage, MAX_IMAGE_BYTES, UPLOAD_NAME } from './images';

export type FolderImport = { imported: number; skipped: string[] };

/**
 * Copies the images an earlier version kept in `<dataDir>/uploads` into the `uploads` table, so every
 * instance serves them (decision 0015). Run at each start: names already stored are left alone, so a
 * second run, or several instances starting at once, import nothing twice. The files stay where they are.
 */
export async function importUploadsFolder(db: Db, dir: string): Promise<FolderImport> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => UPLOAD_NAME.test(n));
  const result: FolderImport = { imported: 0, skipped: [] };
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const stored = new Set(
      (await db.selectFrom('uploads').select('name').where('name', 'in', batch).execute()).map((r) => r.name),
    );
    for (const name of batch.filter((n) => !stored.has(n))) {
      const file = path.join(dir, name);
      const info = await stat(file);
      const data = info.isFile() && info.size <= MAX_IMAGE_BYTES ? await readFile(file) : undefined;
      const kind = data && imageKindOf(data);
      // The name's extension was given by the content when it was saved; anything else is not ours.
      if (!data || !kind || !name.endsWith(`.${kind.ext}`)) {
        result.skipped.push(name);
        continue;
      }
      if (await insertImage(db, name, kind.type, data)) result.imported += 1;
    }
  }
  return result;
}
