import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  memberToken = await tokenFor(t.app, await buildMember(t.deps));
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/videos${url}`, headers: bearer(token), payload });

describe('video library', () => {
  it('creates, lists newest first, updates and deletes, with the spec messages, audited', async () => {
    expect((await api('GET', '/latest', memberToken)).json()).toEqual({ data: null });
    const a = await api('POST', '', adminToken, {
      title: 'First',
      url: 'https://www.youtube.com/watch?v=abc',
      description: 'one',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().message).toBe('Video created successfully');
    const b = (await api('POST', '', adminToken, { title: 'Second', url: 'https://vimeo.com/123' })).json()
      .data;
    expect((await api('GET', '', memberToken)).json().data.map((v: { title: string }) => v.title)).toEqual([
      'Second',
      'First',
    ]);
    expect((await api('GET', '/latest', memberToken)).json().data.id).toBe(b.id);

    const upd = await api('PUT', `/${b.id}`, adminToken, {
      title: 'Second, edited',
      url: 'https://youtu.be/xyz',
    });
    expect(upd.json()).toMatchObject({
      message: 'Video updated successfully',
      data: { title: 'Second, edited' },
    });
    const del = await api('DELETE', `/${b.id}`, adminToken);
    expect(del.json()).toEqual({ message: 'Video deleted successfully' });
    expect((await api('GET', `/${b.id}`, memberToken)).statusCode).toBe(404);
    expect((await api('GET', '/latest', memberToken)).json().data.title).toBe('First');
    const audit = await sqlOn(t.url, "SELECT action FROM audit_log WHERE entity = 'video' ORDER BY id");
    expect(audit.rows.map((r) => r.action)).toEqual([
      'video.create',
      'video.create',
      'video.update',
      'video.delete',
    ]);
  });

  it('validates with the spec texts and lets only admins change the library', async () => {
    const bad = await api('POST', '', adminToken, { title: '', url: 'https://example.com/v.mp4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      title: ['Title is required'],
      url: ['Please enter a valid video URL (YouTube or Vimeo)'],
    });
    const missing = await api('POST', '', adminToken, { title: 'x' });
    expect(missing.json().details.url).toEqual(['URL is required']);
    expect((await api('POST', '', memberToken, { title: 'x', url: 'https://vimeo.com/1' })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/v1/videos' })).statusCode).toBe(401);
  });
});
