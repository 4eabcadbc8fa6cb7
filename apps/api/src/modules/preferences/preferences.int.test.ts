import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/profile/preferences', headers: bearer(token) });
const save = (token: string | null, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/profile/preferences',
    headers: token === null ? {} : bearer(token),
    payload,
  });

describe("a member's language and time zone (decision 0039)", () => {
  it("starts empty (the browser's), saves both, and reads them back", async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    expect((await read(token)).json()).toEqual({ locale: null, time_zone: null });

    const saved = await save(token, { locale: 'es', time_zone: 'Asia/Kolkata' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ locale: 'es', time_zone: 'Asia/Kolkata' });
    expect((await read(token)).json()).toEqual({ locale: 'es', time_zone: 'Asia/Kolkata' });

    // One field at a time; the other stays. Null goes back to the browser's zone.
    expect((await save(token, { locale: 'hi' })).json()).toEqual({ locale: 'hi', time_zone: 'Asia/Kolkata' });
    expect((await save(token, { time_zone: null })).json()).toEqual({ locale: 'hi', time_zone: null });
    const {
      rows: [row],
    } = await sqlOn(t.url, 'SELECT locale, time_zone FROM users WHERE id = $1', [m.id]);
    expect(row).toEqual({ locale: 'hi', time_zone: null });
  });

  it("keeps each account's own choice (the session's account, never another)", async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    const ta = await tokenFor(t.app, a);
    const tb = await tokenFor(t.app, b);
    await save(ta, { locale: 'es', time_zone: 'America/Mexico_City' });
    expect((await read(tb)).json()).toEqual({ locale: null, time_zone: null });
    // An admin keeps theirs the same way.
    const admin = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    expect((await save(admin, { locale: 'hi' })).json()).toEqual({ locale: 'hi', time_zone: null });
    expect((await read(ta)).json()).toEqual({ locale: 'es', time_zone: 'America/Mexico_City' });
  });

  it('refuses an unknown language or time zone with a 400 naming the field, and changes nothing', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    await save(token, { locale: 'es', time_zone: 'Europe/Madrid' });
    for (const [payload, field] of [
      [{ locale: 'fr' }, 'locale'],
      [{ locale: 'ES' }, 'locale'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ time_zone: '+05:30' }, 'time_zone'],
      [{ time_zone: 'Asia/Kolkata; DROP TABLE users' }, 'time_zone'],
      [{ time_zone: 42 }, 'time_zone'],
    ] as const) {
      const res = await save(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().details ?? res.json())).toContain(field);
    }
    expect((await save(token, {})).statusCode).toBe(400);
    expect((await save(token, { locale: 'en', theme: 'dark' })).statusCode).toBe(400);
    expect((await read(token)).json()).toEqual({ locale: 'es', time_zone: 'Europe/Madrid' });
  });

  it('answers 401 without a session', async () => {
    expect((await save(null, { locale: 'es' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/preferences' });
    expect(res.statusCode).toBe(401);
  });
});
