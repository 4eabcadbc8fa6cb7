import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { buildApp, buildDeps } from '../../app';
import { loadConfig } from '../../config';
import { APP_ROLE, connect } from '../../db';
import { importUploadsFolder } from './legacy-folder';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 3)]);

// An earlier version kept images in <dataDir>/uploads: one real image and one file named like an image
// that is not one are left there before the app starts.
let dataDir: string;
const legacyName = `${randomUUID()}.png`;
const fakeName = `${randomUUID()}.jpg`;
let t: TestApp;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-uploads-'));
  await mkdir(path.join(dataDir, 'uploads'));
  await writeFile(path.join(dataDir, 'uploads', legacyName), PNG);
  await writeFile(path.join(dataDir, 'uploads', fakeName), Buffer.from('<svg onload="alert(1)"/>'));
  t = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploaded images in PostgreSQL', () => {
  it('copies the old folder into the database at start and serves from there, folder or not', async () => {
    await rm(path.join(dataDir, 'uploads', legacyName));
    const served = await t.app.inject({ url: `/api/v1/uploads/${legacyName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // What is not the image its name says stays out.
    expect((await t.app.inject({ url: `/api/v1/uploads/${fakeName}` })).statusCode).toBe(404);
  });

  it('imports a folder once, however often it runs', async () => {
    const dir = path.join(dataDir, 'again');
    await mkdir(dir);
    const name = `${randomUUID()}.jpg`;
    await writeFile(path.join(dir, name), JPEG);
    await writeFile(path.join(dir, 'notes.txt'), 'not an upload');
    const runs = await Promise.all([
      importUploadsFolder(t.deps.db, dir),
      importUploadsFolder(t.deps.db, dir),
    ]);
    expect(runs[0].imported + runs[1].imported).toBe(1);
    expect(runs.map((r) => r.skipped)).toEqual([[], []]);
    expect(await importUploadsFolder(t.deps.db, dir)).toEqual({ imported: 0, skipped: [] });
    const { rows } = await sqlOn(t.url, 'SELECT content_type FROM uploads WHERE name = $1', [name]);
    expect(rows).toEqual([{ content_type: 'image/jpeg' }]);
    expect(await importUploadsFolder(t.deps.db, path.join(dataDir, 'missing'))).toEqual({
      imported: 0,
      skipped: [],
    });
  });

  it('serves with a year of immutable cache and an ETag, and answers 304 when it still matches', async () => {
    const served = await t.app.inject({ url: `/api/v1/uploads/${legacyName}` });
    const etag = served.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const again = await t.app.inject({
      url: `/api/v1/uploads/${legacyName}`,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await t.app.inject({
      url: `/api/v1/uploads/${legacyName}`,
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('is served by another app on the same database, with no folder of its own', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-uploads-other-'));
    const database = connect(t.url, 2, APP_ROLE);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.url,
      DATA_DIR: otherDir,
    });
    const other = await buildApp(buildDeps(config, database.db));
    try {
      const served = await other.inject({ url: `/api/v1/uploads/${legacyName}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await other.close();
      await database.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('keeps an image as it was stored: the app role can neither change nor remove it', async () => {
    const asApp = (text: string) =>
      sqlOn(t.url, `SET ROLE ${APP_ROLE}; ${text}`).then(
        () => 'done',
        (err: Error) => err.message,
      );
    expect(await asApp(`UPDATE uploads SET bytes = '\\x00' WHERE name = '${legacyName}'`)).toMatch(
      /permission denied/,
    );
    expect(await asApp(`DELETE FROM uploads WHERE name = '${legacyName}'`)).toMatch(/permission denied/);
  });
});
