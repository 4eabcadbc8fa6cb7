import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

/**
 * Issue 12, rough edge 10: admin lists name members by name and username, not by number alone. Each list
 * record carries the member's `fullname` next to the `username` it already had (keys kept).
 */

let t: TestApp;
let adminToken: string;
let member: Built & { token: string; username: string };
const fullname = 'Asha Named Rao';

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (token: string, method: Method, url: string, payload?: unknown) => {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  const admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  const m = await buildMember(t.deps);
  const named = await sqlOn(t.url, 'UPDATE users SET fullname = $1 WHERE id = $2 RETURNING username', [
    fullname,
    m.id,
  ]);
  member = { ...m, token: await tokenFor(t.app, m), username: String(named.rows[0]?.username) };

  const plan = await ok(adminToken, 'POST', '/plans/add', {
    name: 'Bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  await ok(adminToken, 'POST', '/tr/create', {
    user_id: Number(m.id),
    amount: '150',
    direction: 'credit',
    wallet: 'deposit',
    reason: 'names in admin lists',
  });
  await ok(member.token, 'POST', '/topup/add', {
    id: plan.plan.id,
    userby_id: Number(m.id),
    userto_id: Number(m.id),
  });
  await ok(member.token, 'POST', '/tickets', {
    subject: 'Names in admin lists',
    category: 'income',
    message: 'A ticket to list.',
  });
});
afterAll(async () => {
  await t.close();
});

describe('admin lists name the member', () => {
  it('top-ups: who paid and for whom, by name and username', async () => {
    const body = await ok(adminToken, 'GET', `/topup/list?search=${member.username}`);
    expect(body.topups).toHaveLength(1);
    expect(body.topups[0]).toMatchObject({
      userby: member.username,
      userby_fullname: fullname,
      userto: member.username,
      userto_fullname: fullname,
    });
  });

  it('ledger transactions: the wallet owner by name and username', async () => {
    const body = await ok(adminToken, 'GET', `/tr/all?search=${member.username}`);
    expect(body.transactions.length).toBeGreaterThan(0);
    for (const row of body.transactions) {
      expect(row).toMatchObject({ user_id: Number(member.id), username: member.username, fullname });
    }
  });

  it('tickets: the member who opened it by name and username', async () => {
    const body = await ok(adminToken, 'GET', `/tickets?search=${member.username}`);
    expect(body.tickets).toHaveLength(1);
    expect(body.tickets[0]).toMatchObject({ username: member.username, fullname });
  });

  it('codes: the redeemer by name and username; nobody while unused', async () => {
    const issued = await ok(adminToken, 'POST', '/codes', { count: 2, amount: '1' });
    expect(issued.codes[0]).toMatchObject({ redeemed_by_username: null, redeemed_by_fullname: null });
    const [used, unused] = issued.codes as { id: number; code: string }[];
    await ok(member.token, 'POST', '/codes/redeem', { code: used?.code });

    const redeemed = await ok(adminToken, 'GET', `/codes?search=${used?.code}`);
    expect(redeemed.codes).toEqual([
      expect.objectContaining({
        redeemed_by: Number(member.id),
        redeemed_by_username: member.username,
        redeemed_by_fullname: fullname,
      }),
    ]);
    const fresh = await ok(adminToken, 'GET', `/codes?search=${unused?.code}`);
    expect(fresh.codes).toEqual([
      expect.objectContaining({ redeemed_by: null, redeemed_by_username: null, redeemed_by_fullname: null }),
    ]);
  });
});
