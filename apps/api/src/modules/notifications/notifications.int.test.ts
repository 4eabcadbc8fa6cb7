import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/notifications${url}`, headers: bearer(token), payload });

describe('notifications', () => {
  it('reaches only the chosen members, counts unread, and marks seen', async () => {
    const [a, b, c] = await Promise.all([buildMember(t.deps), buildMember(t.deps), buildMember(t.deps)]);
    const [ta, tb, tc] = await Promise.all([tokenFor(t.app, a), tokenFor(t.app, b), tokenFor(t.app, c)]);
    const res = await api('POST', '', adminToken, {
      title: 'Bonus week',
      message: 'Double level income',
      users: false,
      type: 'notification',
      recipients: [Number(a.id), Number(b.id)],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Notification created successfully!',
      notification: { users: false, recipients: [Number(a.id), Number(b.id)] },
    });
    const id = res.json().notification.id;
    const forA = (await api('GET', `/user/${a.id}`, ta)).json();
    expect(forA).toMatchObject({ unread: 1, notifications: [{ id, seen: false }] });
    expect((await api('GET', `/user/${c.id}`, tc)).json().notifications).toHaveLength(0);
    expect((await api('GET', `/user/${b.id}`, ta)).statusCode).toBe(403);
    expect((await api('PUT', `/${id}/seen`, tc, { userId: Number(c.id) })).statusCode).toBe(404);
    expect((await api('PUT', `/${id}/seen`, ta, { userId: Number(b.id) })).statusCode).toBe(403);
    expect((await api('PUT', `/${id}/seen`, ta, { userId: Number(a.id) })).statusCode).toBe(200);
    const after = (await api('GET', `/user/${a.id}`, ta)).json();
    expect(after.unread).toBe(0);
    expect(after.notifications[0].seen_at).toBeTruthy();
    expect((await api('GET', `/user/${b.id}`, tb)).json().unread).toBe(1);
  });

  it('shows a site popup once to each member, and deletes with the spec message', async () => {
    const m = await buildMember(t.deps);
    const tm = await tokenFor(t.app, m);
    const popup = (
      await api('POST', '', adminToken, {
        title: 'Maintenance',
        message: 'Sunday 02:00 UTC',
        users: true,
        type: 'site_popup',
      })
    ).json().notification;
    expect(
      (await api('GET', '/home', tm)).json().homenotifications.map((n: { id: number }) => n.id),
    ).toContain(popup.id);
    await api('PUT', `/${popup.id}/seen`, tm, { userId: Number(m.id) });
    expect(
      (await api('GET', '/home', tm)).json().homenotifications.map((n: { id: number }) => n.id),
    ).not.toContain(popup.id);
    expect(
      (await api('GET', '', adminToken)).json().notifications.map((n: { id: number }) => n.id),
    ).toContain(popup.id);
    const del = await api('DELETE', `/delete/${popup.id}`, adminToken);
    expect(del.json()).toEqual({ message: 'Notification deleted successfully!' });
    expect(
      (await api('GET', '', adminToken)).json().notifications.map((n: { id: number }) => n.id),
    ).not.toContain(popup.id);
  });

  it('validates with the spec texts', async () => {
    const none = await api('POST', '', adminToken, { users: true });
    expect(none.json().details).toMatchObject({
      title: ['Title is required'],
      message: ['Message is required'],
      type: ['Type is required'],
    });
    const bad = await api('POST', '', adminToken, { title: 't', message: 'm', users: true, type: 'banner' });
    expect(bad.json().details.type).toEqual(['Invalid type']);
    const nobody = await api('POST', '', adminToken, {
      title: 't',
      message: 'm',
      users: false,
      type: 'notification',
      recipients: [],
    });
    expect(nobody.statusCode).toBe(400);
    const member = await tokenFor(t.app, await buildMember(t.deps));
    expect(
      (await api('POST', '', member, { title: 't', message: 'm', users: true, type: 'notification' }))
        .statusCode,
    ).toBe(403);
  });
});
