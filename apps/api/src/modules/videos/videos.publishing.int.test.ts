import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';

// Drafts and schedules (decision 0037): members see, watch and are paid for live videos only.
let t: TestApp;
let adminToken: string;
let member: { id: bigint; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  // A member with a plan, so that the watch session (the one a claim pays on) can start.
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: 100, ROI_day: '0.5', Sponser_bonus: 5, plan_period: 365 },
  });
  const m = await buildMember(t.deps);
  member = { id: m.id, token: await tokenFor(t.app, m) };
  await fundDeposit(t.deps, m.id, '100');
  const topup = await api('POST', '/topup/add', member.token, {
    id: plan.json().plan.id,
    userby_id: Number(m.id),
    userto_id: Number(m.id),
    amount: '100',
  });
  expect(topup.statusCode, topup.body).toBe(201);
});
afterAll(() => t.close());

function api(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
}
const youtube = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const create = async (payload: object) => {
  const res = await api('POST', '/videos', adminToken, { url: youtube, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string; publish_at: string | null };
};
const memberTitles = async () =>
  (await api('GET', '/videos', member.token)).json().data.map((v: { title: string }) => v.title);
const memberLatest = async () => (await api('GET', '/videos/latest', member.token)).json().data?.title;
/** The video the member's watch session is on: the one a claim would pay for. */
const watchedTitle = async () => {
  const start = await api('POST', '/watch/start', member.token);
  expect(start.statusCode, start.body).toBe(201);
  return start.json().video?.title ?? null;
};
const setPublishAt = (id: number, at: string) =>
  sqlOn(t.url, `UPDATE videos SET publish_at = now() + $2::interval WHERE id = $1`, [id, at]);

describe('video publishing', () => {
  it("the spec's create call still publishes at once", async () => {
    const v = await create({ title: 'Live one', description: 'as before' });
    expect(v.status).toBe('published');
    expect(Date.parse(v.publish_at ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await memberTitles()).toContain('Live one');
    expect(await memberLatest()).toBe('Live one');
    expect(await watchedTitle()).toBe('Live one');
    expect((await api('GET', `/videos/${v.id}`, member.token)).json().data.status).toBe('published');
  });

  it('a draft is seen by admins only: not listed, not latest, not opened nor watched by members', async () => {
    const d = await create({ title: 'Draft one', status: 'draft' });
    expect(d).toMatchObject({ status: 'draft', publish_at: null });
    const admin = (await api('GET', '/videos', adminToken)).json().data;
    expect(admin[0]).toMatchObject({ title: 'Draft one', status: 'draft' });
    expect(await memberTitles()).not.toContain('Draft one');
    expect(await memberLatest()).toBe('Live one');
    const byId = await api('GET', `/videos/${d.id}`, member.token);
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe('This video is not published yet.');
    // The admin's preview opens it as it is.
    expect((await api('GET', `/videos/${d.id}`, adminToken)).json().data).toMatchObject({ status: 'draft' });
    expect(await watchedTitle()).toBe('Live one');
    const sessions = await sqlOn(t.url, 'SELECT DISTINCT video_id FROM watch_sessions WHERE user_id = $1', [
      member.id,
    ]);
    expect(sessions.rows.map((r) => Number(r.video_id))).not.toContain(d.id);

    // Editing it with the spec's keys only keeps it a draft.
    const edit = await api('PUT', `/videos/${d.id}`, adminToken, { title: 'Draft one', url: youtube });
    expect(edit.json().data.status).toBe('draft');
    expect(await memberTitles()).not.toContain('Draft one');
  });

  it('a scheduled video stays hidden until its time, then appears by itself as the latest', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const s = await create({ title: 'Tomorrow tip', status: 'scheduled', publish_at: at });
    expect(s).toMatchObject({ status: 'scheduled', publish_at: at });
    expect(await memberTitles()).not.toContain('Tomorrow tip');
    expect((await api('GET', `/videos/${s.id}`, member.token)).statusCode).toBe(404);
    expect(await watchedTitle()).not.toBe('Tomorrow tip');

    await setPublishAt(s.id, '0 seconds');
    expect(await memberTitles()).toContain('Tomorrow tip');
    expect(await memberLatest()).toBe('Tomorrow tip');
    expect(await watchedTitle()).toBe('Tomorrow tip');
    expect((await api('GET', `/videos/${s.id}`, adminToken)).json().data.status).toBe('published');
  });

  it('refuses a schedule without a time or with a time passed, and a time without the schedule', async () => {
    const missing = await api('POST', '/videos', adminToken, {
      title: 'x',
      url: youtube,
      status: 'scheduled',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.publish_at).toEqual(['Choose the date and time to publish.']);
    const past = await api('POST', '/videos', adminToken, {
      title: 'x',
      url: youtube,
      status: 'scheduled',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The scheduled time has passed. Choose a later time, or publish now.');
    const stray = await api('POST', '/videos', adminToken, {
      title: 'x',
      url: youtube,
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(stray.statusCode).toBe(400);
    const bad = await api('POST', '/videos', adminToken, {
      title: 'x',
      url: youtube,
      status: 'scheduled',
      publish_at: 'tomorrow',
    });
    expect(bad.json().details.publish_at).toEqual(['Enter a valid date and time.']);
    const titles = (await api('GET', '/videos', adminToken))
      .json()
      .data.map((v: { title: string }) => v.title);
    expect(titles).not.toContain('x');
  });

  it('a publish that waited for another one judges the video by the clock after the wait: already live', async () => {
    const d = await create({ title: 'Waited for', status: 'draft' });
    let answer:
      | Promise<{ statusCode: number; json(): { message: string; data: { status: string } } }>
      | undefined;
    let waited = false;
    // The other admin's publish holds the row, and sets its time only after this publish's transaction began:
    // judged by that transaction's start, the video would still be scheduled.
    await t.deps.db.transaction().execute(async (tx) => {
      await sql`SELECT id FROM videos WHERE id = ${d.id} FOR UPDATE`.execute(tx);
      answer = api('POST', `/videos/${d.id}/publish`, adminToken);
      for (let i = 0; i < 200 && !waited; i++) {
        const waiting = await sqlOn(
          t.url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%publish_at%for update%'",
        );
        waited = (waiting.rows[0]?.n ?? 0) > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 25));
      }
      await sql`UPDATE videos SET publish_at = clock_timestamp() WHERE id = ${d.id}`.execute(tx);
    });
    expect(waited).toBe(true);
    const res = await answer;
    expect(res?.statusCode).toBe(200);
    expect(res?.json().message).toBe('This video is already live.');
    expect(res?.json().data.status).toBe('published');
  });

  it('publish now puts a draft live at once, once however many admins press it; audited', async () => {
    const d = await create({ title: 'Publish me', status: 'draft' });
    expect((await api('POST', `/videos/${d.id}/publish`, member.token)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      api('POST', `/videos/${d.id}/publish`, adminToken),
      api('POST', `/videos/${d.id}/publish`, adminToken),
    ]);
    expect([a.json().message, b.json().message].sort()).toEqual([
      'This video is already live.',
      'Video published',
    ]);
    expect(a.json().data.status).toBe('published');
    expect(await memberLatest()).toBe('Publish me');
    expect(await watchedTitle()).toBe('Publish me');
    const audit = await sqlOn(
      t.url,
      "SELECT before->>'status' AS before, after->>'status' AS after FROM audit_log WHERE action = 'video.publish' AND entity_id = $1",
      [String(d.id)],
    );
    expect(audit.rows).toEqual([{ before: 'draft', after: 'published' }]);

    // Back to draft: members stop seeing it; a live video edited with status published keeps its time.
    const live = await api('GET', `/videos/${d.id}`, adminToken);
    const kept = await api('PUT', `/videos/${d.id}`, adminToken, {
      title: 'Publish me',
      url: youtube,
      status: 'published',
    });
    expect(kept.json().data.publish_at).toBe(live.json().data.publish_at);
    const back = await api('PUT', `/videos/${d.id}`, adminToken, {
      title: 'Publish me',
      url: youtube,
      status: 'draft',
    });
    expect(back.json().data).toMatchObject({ status: 'draft', publish_at: null });
    expect(await memberTitles()).not.toContain('Publish me');
    const updates = await sqlOn(
      t.url,
      "SELECT before->>'status' AS before, after->>'status' AS after FROM audit_log WHERE action = 'video.update' AND entity_id = $1 ORDER BY id",
      [String(d.id)],
    );
    expect(updates.rows).toEqual([
      { before: 'published', after: 'published' },
      { before: 'published', after: 'draft' },
    ]);
  });
});
