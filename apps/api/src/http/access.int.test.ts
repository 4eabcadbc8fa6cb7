import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import type { SessionStore } from '../modules/auth/sessions';
import { registerAccessControl } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' || /Id$/.test(name) ? '1' : 'x'));

describe('access control', () => {
  it('refuses to register a route that does not declare who may call it', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as SessionStore);
    expect(() => app.get('/open', async () => 'x')).toThrow(/does not declare its access level/);
    expect(() => app.get('/declared', { config: { access: 'public' } }, async () => 'x')).not.toThrow();
  });

  it('knows the access level of every route, and every API route has one of the four', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1'));
    expect(api.length).toBeGreaterThan(15);
    for (const r of t.app.routeTable) expect(['public', 'member', 'admin', 'signed-in']).toContain(r.access);
  });

  it('answers 401 without a session on every non-public route, and 401 for a made-up token', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      const forged = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer('x'.repeat(43)),
      });
      expect(forged.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to a member on every admin route, and to an admin on every member route', async () => {
    const memberToken = await tokenFor(t.app, await buildMember(t.deps));
    const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    for (const r of t.app.routeTable.filter((x) => x.access === 'admin' && x.method !== 'HEAD')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(memberToken),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    for (const r of t.app.routeTable.filter((x) => x.access === 'member' && x.method !== 'HEAD')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(adminToken),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document of the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/register', '/api/v1/users/list', '/api/v1/users/{id}']),
    );
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });
});
