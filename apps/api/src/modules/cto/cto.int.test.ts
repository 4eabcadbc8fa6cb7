import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

describe('CTO pool', () => {
  it('splits 1% of the month’s top-ups equally among qualified members, once a month', async () => {
    const plan = (
      await api('POST', '/plans/add', adminToken, {
        name: 'Gold',
        monthly_price: 5000,
        ROI_day: '0.7',
        Sponser_bonus: 5,
        plan_period: 365,
      })
    ).json().plan;
    // two leaders with a 5,000 plan each and one direct holding 5,000: both qualify
    const leaders = [];
    for (let i = 0; i < 2; i++) {
      const l = await buildMember(t.deps);
      const lt = await tokenFor(t.app, l);
      await fundDeposit(t.deps, l.id, '5000');
      expect(
        (
          await api('POST', '/topup/add', lt, {
            id: plan.id,
            userby_id: Number(l.id),
            userto_id: Number(l.id),
          })
        ).statusCode,
      ).toBe(201);
      const d = await buildMember(t.deps, { sponsorId: l.id });
      const dt = await tokenFor(t.app, d);
      await fundDeposit(t.deps, d.id, '5000');
      expect(
        (
          await api('POST', '/topup/add', dt, {
            id: plan.id,
            userby_id: Number(d.id),
            userto_id: Number(d.id),
          })
        ).statusCode,
      ).toBe(201);
      leaders.push({ ...l, token: lt });
    }
    // A month is paid once it has ended: the top-ups are moved into last month, and this month is refused.
    const thisMonth = (await sqlOn(t.url, "SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM') AS m")).rows[0]
      ?.m as string;
    const early = await api('POST', '/cto/pay', adminToken, { month: thisMonth });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(`The CTO pool of ${thisMonth} can be paid once the month has ended.`);
    expect((await api('POST', '/cto/pay', adminToken, { month: '2099-12' })).statusCode).toBe(422);
    expect((await api('POST', '/cto/pay', adminToken, { month: '2026-13' })).statusCode).toBe(400);
    expect((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM cto_payouts')).rows[0]?.n).toBe(0);
    await sqlOn(
      t.url,
      "UPDATE topups SET created_at = (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC'",
    );
    const month = (
      await sqlOn(t.url, "SELECT to_char((now() AT TIME ZONE 'UTC') - interval '1 month', 'YYYY-MM') AS m")
    ).rows[0]?.m as string;
    const qualified = (await api('GET', '/cto', adminToken))
      .json()
      .qualified.map((q: { user_id: number }) => q.user_id);
    expect(qualified).toEqual(leaders.map((l) => Number(l.id)));

    const pay = await api('POST', '/cto/pay', adminToken, { month });
    // turnover 4 x 5,000 = 20,000; pool 1% = 200; two members: 100 each
    expect(pay.json().payout).toMatchObject({ pool: '200.00000000', members: 2, share: '100.00000000' });
    expect((await api('POST', '/cto/pay', adminToken, { month })).statusCode).toBe(409);
    const wallets = (await api('GET', `/tr/wallet/${leaders[0]?.id}`, leaders[0]?.token ?? '')).json()
      .wallets;
    expect(wallets.non_working).toBe('100.00000000');
    const mine = (await api('GET', `/cto/transaction/${leaders[0]?.id}`, leaders[0]?.token ?? '')).json()
      .shares;
    expect(mine).toMatchObject([{ month, amount: '100.00000000' }]);
    const payout = (await api('GET', '/cto/list', adminToken)).json().payouts[0];
    expect((await api('GET', `/cto/byid/${payout.id}`, adminToken)).json().shares).toHaveLength(2);
    expect((await api('GET', `/cto/transaction/${leaders[1]?.id}`, leaders[0]?.token ?? '')).statusCode).toBe(
      403,
    );
    const earned = await sqlOn(t.url, 'SELECT total_earned FROM users WHERE id = $1', [leaders[0]?.id]);
    expect(earned.rows[0]?.total_earned).toBe(parseUnits('250')); // direct income only: CTO is outside the cap

    expect(
      (await api('PUT', `/cto/${leaders[1]?.id}`, adminToken, { reason: 'self-dealing' })).statusCode,
    ).toBe(200);
    expect(
      (await api('GET', '/cto', adminToken)).json().qualified.map((q: { user_id: number }) => q.user_id),
    ).toEqual([Number(leaders[0]?.id)]);
    expect((await api('POST', '/cto/pay', leaders[0]?.token ?? '', { month: '2020-01' })).statusCode).toBe(
      403,
    );
  });
});
