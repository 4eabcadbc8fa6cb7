import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { runSalary } from '../income/salary.job';
import { launchToken } from '../token/launch';

/**
 * Decision 0021, rough edge 10: admin lists name members by name and username, not by number alone. Each list
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

describe('the last lists that named members by username alone name them too', () => {
  it('CTO: the qualified members and the shares of a payout, by name and username', async () => {
    // A direct holding 5,000 (arranged in the table) makes the member qualify next to their own plan of 100.
    const direct = await buildMember(t.deps, { sponsorId: member.id });
    await sqlOn(t.url, 'UPDATE users SET active_plan = $2 WHERE id = $1', [direct.id, parseUnits('5000')]);
    const qualified = await ok(adminToken, 'GET', '/cto');
    expect(qualified.qualified).toEqual([
      expect.objectContaining({ user_id: Number(member.id), username: member.username, fullname }),
    ]);

    // The member's top-up moves into last month, which has ended, so its pool can be paid.
    await sqlOn(
      t.url,
      "UPDATE topups SET created_at = (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC' WHERE userto_id = $1",
      [member.id],
    );
    const month = (
      await sqlOn(t.url, "SELECT to_char((now() AT TIME ZONE 'UTC') - interval '1 month', 'YYYY-MM') AS m")
    ).rows[0]?.m as string;
    await ok(adminToken, 'POST', '/cto/pay', { month });
    const [payout] = (await ok(adminToken, 'GET', '/cto/list')).payouts as { id: number }[];
    const shares = await ok(adminToken, 'GET', `/cto/byid/${payout?.id}`);
    expect(shares.shares).toEqual([
      expect.objectContaining({ user_id: Number(member.id), username: member.username, fullname }),
    ]);
    const own = await ok(member.token, 'GET', `/cto/transaction/${member.id}`);
    expect(own.shares).toEqual([expect.objectContaining({ username: member.username, fullname })]);
  });

  it('salary payments: the member paid, by name and username', async () => {
    await sqlOn(t.url, 'UPDATE users SET active_directs = 5 WHERE id = $1', [member.id]);
    const run = await runSalary(t.deps.db, t.deps.settings, '2025-11');
    expect(run.paid).toBe(1);
    const body = await ok(adminToken, 'GET', '/salary/user-salaries?month=2025-11');
    expect(body.data).toEqual([
      expect.objectContaining({ user_id: Number(member.id), username: member.username, fullname }),
    ]);
  });

  it('token price history: who moved the price by name and username; nobody for the launch point', async () => {
    // Launched as the seed does: the launch price is the history's first point, moved by nobody.
    await launchToken(t.deps.db);
    await fundDeposit(t.deps, member.id, '20');
    await ok(member.token, 'POST', '/social-genx/buy', {
      token_id: 1,
      amount: '1000',
      user_id: Number(member.id),
    });
    const history = (await ok(adminToken, 'GET', '/social-genx/price-history')).data as {
      user_id: number | null;
      transaction_id: number | null;
    }[];
    const trade = history.find((h) => h.user_id === Number(member.id));
    expect(trade).toMatchObject({ username: member.username, fullname });
    expect(trade?.transaction_id).not.toBeNull();
    expect(history.find((h) => h.user_id === null)).toMatchObject({ username: null, fullname: null });
  });

  it('reward notices and transfers: the member (and the counterpart) by name and username', async () => {
    await ok(adminToken, 'POST', '/users/send/reward', { user_ids: [Number(member.id)], message: 'Hello' });
    const notices = await ok(adminToken, 'GET', '/users/rewards');
    expect(notices.allrewards).toEqual([
      expect.objectContaining({ user_id: Number(member.id), username: member.username, fullname }),
    ]);

    const friend = await buildMember(t.deps);
    const friendName = 'Bea Counterpart';
    const f = await sqlOn(t.url, 'UPDATE users SET fullname = $1 WHERE id = $2 RETURNING username', [
      friendName,
      friend.id,
    ]);
    await fundDeposit(t.deps, member.id, '5');
    const sent = await ok(member.token, 'POST', '/transfer/touser', {
      user_id: Number(member.id),
      userto_id: Number(friend.id),
      amount: '5',
    });
    const named = {
      username: member.username,
      fullname,
      userto: String(f.rows[0]?.username),
      userto_fullname: friendName,
    };
    expect(sent.transfer).toMatchObject(named);
    const own = await ok(member.token, 'GET', '/transfer/list');
    expect(own.transfers).toEqual([expect.objectContaining(named)]);
  });
});
