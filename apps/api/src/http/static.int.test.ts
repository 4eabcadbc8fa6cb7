import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { IMMUTABLE, REVALIDATE } from './static';

// A small stand-in for apps/web/dist (the real build is not part of the test run): the page, a hashed
// script with the brotli and gzip copies the build writes next to it, a hashed file without copies
// (too small to compress), and an unhashed file at the root.
const indexHtml = `<!doctype html><html><head><title>SocialGenX</title>${'<meta name="x" content="padding">'.repeat(30)}</head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>`;
const script = `export const answer = ${JSON.stringify('the first screen '.repeat(200))};\n`;
const tiny = 'export const x = 1;\n';
// A first screen the build drew (decision 0050): index.html with the page inside #root, naming its route.
const loginHtml = indexHtml.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="/login"><h1>Sign in</h1><form inert></form></div>',
);
// The pages the build wrote with their chunks' preload tags (apps/web/vite-plugins/firstScreen.ts): one for a
// listed route, one for a frame's path prefixes, named in pages/pages.json.
const withPreload = (href: string) =>
  indexHtml.replace('</head>', `<link rel="modulepreload" crossorigin href="${href}"></head>`);
const dashboardHtml = withPreload('/assets/DashboardPage-Aa1.js');
const memberHtml = withPreload('/assets/MemberShell-Bb2.js');
const pagesJson = JSON.stringify({
  routes: { '/user/dashboard': 'pages/user_dashboard.html' },
  prefixes: [
    ['/user/', 'pages/MemberShell.html'],
    ['/watch/', 'pages/MemberShell.html'],
  ],
});
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sgx-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const withCopies = async (file: string, content: string) => {
    await writeFile(path.join(dist, file), content);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(content));
  };
  await withCopies('index.html', indexHtml);
  await withCopies('assets/index-AbC123.js', script);
  await mkdir(path.join(dist, 'prerendered'));
  await withCopies('prerendered/login.html', loginHtml);
  await mkdir(path.join(dist, 'pages'));
  await withCopies('pages/user_dashboard.html', dashboardHtml);
  await withCopies('pages/MemberShell.html', memberHtml);
  await writeFile(path.join(dist, 'pages/pages.json'), pagesJson);
  await writeFile(path.join(dist, 'assets/tiny-Zz9.js'), tiny);
  await writeFile(path.join(dist, 'favicon.svg'), favicon);
  t = await buildTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it('sends a first screen the build drew for its path (with or without a slash or a query), compressed', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fuser%2Fdashboard']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(loginHtml);
    }
    // Every other page path still gets a page the app draws.
    for (const url of ['/login/extra', '/registration']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it("sends a listed route its own page, a frame's pages the frame's, with their preload tags, compressed", async () => {
    const cases: [string, string][] = [
      ['/user/dashboard', dashboardHtml],
      ['/user/dashboard/', dashboardHtml],
      ['/user/withdrawal', memberHtml],
      ['/user/transaction/roi_transaction?page=2', memberHtml],
      ['/watch/adds', memberHtml],
      // Not under a prefix as written (`/user/`): the plain page.
      ['/user', indexHtml],
      ['/users/x', indexHtml],
      ['/admin/users', indexHtml],
    ];
    for (const [url, html] of cases) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('sends a hashed script as its brotli copy when brotli is accepted, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted (or brotli is refused)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the file itself when no compression is accepted', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await get('/assets/index-AbC123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.body).toBe(script);
    }
  });

  it('sends a file that has no compressed copy as it is, without vary', async () => {
    const res = await get('/assets/tiny-Zz9.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(tiny);
  });

  it('answers the page (/ and every app path neither drawn nor listed) with index.html, compressed and revalidated', async () => {
    for (const url of ['/', '/privacy?x=1', '/admin/check/profile/7']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
    }
    const gz = await get('/registration', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/admin-login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    expect(plain.body).toBe(indexHtml);
  });

  it('revalidates with the ETag of the copy that was sent', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const identity = await get('/');
    expect(identity.headers.etag).not.toBe(etag);
  });

  it('serves unhashed root files revalidated, not for a year', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.body).toBe(favicon);
  });

  it('answers 404 for a missing build file (never the page) and for unknown API paths', async () => {
    const missing = await get('/assets/index-Old999.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    const api = await get('/api/v1/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const outside = await get('/../../etc/passwd');
    expect(outside.statusCode).toBe(200);
    expect(outside.body).toBe(indexHtml);
  });

  it('leaves API answers as they were (JSON, not compressed by the static files)', async () => {
    const res = await get('/api/v1/health/live', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
