import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { HSTS } from './security';

// A stand-in for apps/web/dist. The build writes no inline script; one put there anyway (below) is not allowed.
const inline = "(function(){document.documentElement.dataset.preload='1'})()";
const indexHtml = `<!doctype html><html><head><title>SocialGenX</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script><script>${inline}</script></head><body><div id="root"></div></body></html>`;
const RPC = 'http://127.0.0.1:8646';

let dist: string;
let proxied: TestApp;
let direct: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sgx-security-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'assets/index-AbC123.js'), 'export const x = 1;\n');
  // Behind a proxy that says which protocol the browser used; the browser reads chain 56 on the local node.
  proxied = await buildTestApp({ WEB_DIST: dist, TRUST_PROXY: 'true', PUBLIC_RPC_URL_56: `${RPC}/rpc` });
  // Reached directly (a forwarded protocol is not believed), with WalletConnect configured.
  direct = await buildTestApp({ WEB_DIST: dist, WALLETCONNECT_PROJECT_ID: 'e2e-project' });
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The CSP as directive name -> sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectBrowserHeaders(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  // Scripts only from the app's origin: never inline code or eval.
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
  // Decision 0032: the features the app does not use are off.
  const allowed = permissions(res);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']) {
    expect(allowed.get(feature), feature).toBe('()');
  }
}

/** The Permissions-Policy as feature -> allowlist. */
function permissions(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['permissions-policy'] ?? '');
  return new Map(
    header
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf('=')), d.slice(d.indexOf('=') + 1)] as [string, string]),
  );
}

describe('security headers', () => {
  it('are on API answers, successful or not', async () => {
    const ok = await get(proxied, '/api/v1/health/live');
    expect(ok.statusCode).toBe(200);
    expectBrowserHeaders(ok);
    const refused = await get(proxied, '/api/v1/users/list');
    expect(refused.statusCode).toBe(401);
    expectBrowserHeaders(refused);
    const missing = await get(proxied, '/api/v1/no-such-route');
    expect(missing.statusCode).toBe(404);
    expectBrowserHeaders(missing);
    const bad = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expectBrowserHeaders(bad);
  });

  it("are on the page, which may run scripts from the app's files only, never one written inline", async () => {
    for (const url of ['/', '/user/dashboard']) {
      const res = await get(proxied, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(inline);
      expectBrowserHeaders(res);
      expect(csp(res).get('script-src')).toEqual(["'self'"]);
      expect(csp(res).get('script-src-attr')).toEqual(["'none'"]);
    }
  });

  it('are on the built files', async () => {
    const res = await get(proxied, '/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expectBrowserHeaders(res);
  });

  it('are on the API docs, which load under them', async () => {
    const page = await get(proxied, '/api/docs');
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page);
    // Swagger UI's page loads its scripts from files: nothing inline for the CSP to refuse.
    expect(page.body).toContain('/api/docs/static/swagger-initializer.js');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const initializer = await get(proxied, '/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expectBrowserHeaders(initializer);
    const spec = await get(proxied, '/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expectBrowserHeaders(spec);
  });

  it('let the browser reach the chain nodes the server names, and WalletConnect only when configured', async () => {
    const withoutWc = csp(await get(proxied, '/'));
    expect(withoutWc.get('connect-src')).toContain("'self'");
    expect(withoutWc.get('connect-src')).toContain(RPC);
    // The other chains keep their public nodes.
    expect(withoutWc.get('connect-src')).toContain('https://ethereum-rpc.publicnode.com');
    expect(withoutWc.get('connect-src')?.some((s) => s.includes('walletconnect'))).toBe(false);
    expect(withoutWc.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);

    const withWc = csp(await get(direct, '/'));
    expect(withWc.get('connect-src')).toContain('wss://relay.walletconnect.org');
    expect(withWc.get('frame-src')).toContain('https://verify.walletconnect.org');
    expect(withWc.get('connect-src')).not.toContain(RPC);
  });

  it('keep the features the app uses: copy buttons, and the video players of the watch dialog', async () => {
    for (const url of ['/', '/api/v1/health/live']) {
      const allowed = permissions(await get(direct, url));
      expect(allowed.get('clipboard-write')).toBe('(self)');
      const players = '(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")';
      for (const feature of ['autoplay', 'encrypted-media', 'picture-in-picture', 'fullscreen']) {
        expect(allowed.get(feature), feature).toBe(players);
      }
      // Every entry is a well-formed allowlist: nothing else is granted to anyone.
      for (const [feature, list] of allowed)
        expect(list, feature).toMatch(/^\((self( "https:\/\/[\w.-]+")*)?\)$/);
    }
  });

  it('pin HTTPS (HSTS) only on answers to HTTPS requests', async () => {
    const overHttps = await get(proxied, '/api/v1/health/live', { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers['strict-transport-security']).toBe(HSTS);
    const pageOverHttps = await get(proxied, '/', { 'x-forwarded-proto': 'https' });
    expect(pageOverHttps.headers['strict-transport-security']).toBe(HSTS);
    const refusedOverHttps = await get(proxied, '/api/v1/users/list', { 'x-forwarded-proto': 'https' });
    expect(refusedOverHttps.statusCode).toBe(401);
    expect(refusedOverHttps.headers['strict-transport-security']).toBe(HSTS);

    expect((await get(proxied, '/api/v1/health/live')).headers['strict-transport-security']).toBeUndefined();
    const forwardedHttp = await get(proxied, '/', { 'x-forwarded-proto': 'http' });
    expect(forwardedHttp.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const untrusted = await get(direct, '/api/v1/health/live', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
