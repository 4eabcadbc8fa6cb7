import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { fundDeposit } from '../../test/money';
import { COMPRESS_THRESHOLD } from './compression';

// Decision 0040: API answers above 1 KB compressed, /robots.txt a real robots file. The app
// serves a built web app here (a stand-in dist) so that the SPA fallback is there to get in the way.
let t: TestApp;
let dist: string;
let adminToken: string;
let member: { id: bigint; token: string };
const indexHtml = '<!doctype html><html><head><title>SocialGenX</title></head><body></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sgx-web-dist-'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  t = await buildTestApp({ WEB_DIST: dist });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  for (let i = 0; i < 12; i++) await buildMember(t.deps);
  const built = await buildMember(t.deps);
  for (let i = 0; i < 12; i++) await fundDeposit(t.deps, built.id, `${10 + i}.5`);
  member = { id: built.id, token: await tokenFor(t.app, built) };
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('compressed API answers', () => {
  it('sends a JSON answer above 1 KB gzip-compressed when gzip is accepted, decoding to the same JSON', async () => {
    const url = '/api/v1/users/list?page=1&limit=50';
    const plain = await get(url, bearer(adminToken));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.json().allusers.length).toBeGreaterThanOrEqual(13);

    const gz = await get(url, { ...bearer(adminToken), 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the browser offers it, also for the OpenAPI document', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB plain, and every answer plain without Accept-Encoding', async () => {
    const small = await get('/api/v1/health/live', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({});

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/api/v1/users/list?page=1&limit=50', { ...bearer(adminToken), ...headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().allusers.length).toBeGreaterThanOrEqual(13);
    }
  });

  it('compresses a CSV download and keeps it a download with its header row', async () => {
    const url = `/api/v1/tr/user/${member.id}?format=csv`;
    const plain = await get(url, bearer(member.token));
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const gz = await get(url, { ...bearer(member.token), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/csv/);
    expect(gz.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends error answers as JSON the client can read, compressed or not', async () => {
    const res = await get('/api/v1/users/list', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });
});

describe('/robots.txt', () => {
  it('answers a robots file, not the app page, keeping crawlers out of the member and admin areas and the API', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
      const res = await get('/robots.txt', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).not.toContain('<html');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const area of ['/user/', '/admin/', '/api/']) expect(lines).toContain(`Disallow: ${area}`);
      // The public pages stay open: nothing disallows the whole site.
      expect(lines).not.toContain('Disallow: /');
    }
    // Other page paths still get the app.
    expect((await get('/login')).body).toBe(indexHtml);
  });
});
