import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const add = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/rewards', headers: bearer(adminToken), payload });
  expect(
    (await add({ rank: 1, title: 'Star', threshold: '1000', duration_days: 30, reward: '50' })).statusCode,
  ).toBe(201);
  expect(
    (await add({ rank: 2, title: 'Gold Star', threshold: '5000', duration_days: 60, reward: '200' }))
      .statusCode,
  ).toBe(201);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

/** A member with a plan (so reward income can be paid) and directs activated now with given business. */
async function leaderWithLegs(legs: string[]) {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, "UPDATE users SET active_plan = $2, is_active = 'active' WHERE id = $1", [
    m.id,
    parseUnits('5000'),
  ]);
  const token = await tokenFor(t.app, m);
  expect((await api('POST', '/initialize', token, { user_id: Number(m.id) })).statusCode).toBe(200);
  for (const business of legs) {
    const d = await buildMember(t.deps, { sponsorId: m.id });
    await sqlOn(
      t.url,
      "UPDATE users SET active_plan = $2, activation_date = now(), is_active = 'active' WHERE id = $1",
      [d.id, parseUnits(business)],
    );
  }
  return { ...m, token };
}

describe('reward ranks', () => {
  it('counts no leg for more than half the threshold', async () => {
    // one leg of 900 counts 500; with a second leg of 400 the total counted is 900 < 1000
    const m = await leaderWithLegs(['900', '400']);
    const r = (await api('GET', `/rewards/user/${m.id}`, m.token)).json().reward;
    expect(r).toMatchObject({
      business: '1300.00000000',
      counted: '900.00000000',
      qualified: false,
      plan: { title: 'Star' },
    });
    expect((await api('GET', `/rewards/user/claim/${m.id}`, m.token)).json()).toMatchObject({
      claimable: false,
    });
    expect((await api('POST', `/rewards/user/claim/${m.id}`, m.token)).statusCode).toBe(422);
  });

  it('pays a qualified rank once, records the leadership, and carries forward to the next rank', async () => {
    const m = await leaderWithLegs(['600', '500']);
    expect((await api('GET', `/rewards/user/claim/${m.id}`, m.token)).json()).toEqual({
      claimable: true,
      reason: null,
    });
    const claim = await api('POST', `/rewards/user/claim/${m.id}`, m.token);
    expect(claim.json()).toMatchObject({ message: 'Reward Claimed successfull!', paid: '50.00000000' });
    expect((await api('POST', `/rewards/user/claim/${m.id}`, m.token)).statusCode).toBe(422);
    expect((await api('GET', `/users/${m.id}`, m.token)).json().singleuser.reward).toBe('50.00000000');
    const lead = (await api('GET', `/leadership/by/${m.id}`, m.token)).json().leadership;
    expect(lead).toMatchObject([{ title: 'Star', rank: 1, revoked_at: null }]);

    const history = (await api('GET', `/rewards/user/${m.id}`, m.token)).json();
    expect(history.reward).toBeNull();
    const claimedId = history.history[0].id;
    const carry = await api('PUT', `/rewards/carry-forward/${claimedId}`, m.token);
    expect(carry.json()).toEqual({ message: 'Carry forword successfull' });
    expect((await api('GET', `/rewards/user/${m.id}`, m.token)).json().reward.plan.title).toBe('Gold Star');
    expect((await api('PUT', `/rewards/carry-forward/${claimedId}`, m.token)).statusCode).toBe(409);

    const revoke = await api('DELETE', `/leadership/${lead[0].id}`, adminToken);
    expect(revoke.statusCode).toBe(200);
    expect((await api('GET', '/leadership/list', adminToken)).json().leadership[0].revoked_at).toBeTruthy();
  });

  it('keeps members to their own rewards and plans to admins', async () => {
    const a = await leaderWithLegs([]);
    const b = await leaderWithLegs([]);
    expect((await api('GET', `/rewards/user/${a.id}`, b.token)).statusCode).toBe(403);
    expect((await api('POST', '/initialize', b.token, { user_id: Number(a.id) })).statusCode).toBe(403);
    expect((await api('POST', '/initialize', a.token, { user_id: Number(a.id) })).statusCode).toBe(409);
    expect(
      (
        await api('POST', '/rewards', a.token, {
          rank: 9,
          title: 'x',
          threshold: 1,
          duration_days: 1,
          reward: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api('GET', '/rewards/rewards', a.token)).json().rewards.map((r: { rank: number }) => r.rank),
    ).toEqual([1, 2]);
  });
});

describe('the daily rank job', () => {
  it('reopens a rank whose window closed unclaimed, once', async () => {
    const m = await leaderWithLegs([]);
    await sqlOn(
      t.url,
      "UPDATE member_rewards SET window_end = now() - interval '1 second' WHERE user_id = $1",
      [m.id],
    );
    expect(await t.deps.rewards.renewExpiredWindows()).toBeGreaterThanOrEqual(1);
    const rows = await sqlOn(t.url, 'SELECT status FROM member_rewards WHERE user_id = $1 ORDER BY id', [
      m.id,
    ]);
    expect(rows.rows.map((r) => r.status)).toEqual(['expired', 'working']);
    await t.deps.rewards.renewExpiredWindows();
    expect(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM member_rewards WHERE user_id = $1', [m.id])).rows[0]
        ?.n,
    ).toBe(2);
    const current = (await api('GET', `/rewards/user/${m.id}`, m.token)).json();
    expect(current.reward.status).toBe('working');
    expect(current.history[0].status).toBe('expired');
  });
});
