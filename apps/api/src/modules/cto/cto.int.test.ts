import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { CtoService } from './cto.service';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

let gold: number;

/** A member with a 5,000 plan and one direct holding 5,000: qualified for the CTO pool. */
async function leaderWithDirect() {
  const l = await buildMember(t.deps);
  const lt = await tokenFor(t.app, l);
  for (const [m, token] of [
    [l, lt],
    [await buildMember(t.deps, { sponsorId: l.id }), ''],
  ] as const) {
    await fundDeposit(t.deps, m.id, '5000');
    const res = await api('POST', '/topup/add', token || (await tokenFor(t.app, m)), {
      id: gold,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(res.statusCode).toBe(201);
  }
  return { ...l, token: lt };
}

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
    gold = plan.id;
    const leaders = [await leaderWithDirect(), await leaderWithDirect()];
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

  it('is credited in chunks under the month’s keys, and a month left paying is finished once', async () => {
    // Three more qualified members; their top-ups are two months back (the month before was paid above).
    const more = [await leaderWithDirect(), await leaderWithDirect(), await leaderWithDirect()];
    const month = (
      await sqlOn(t.url, "SELECT to_char((now() AT TIME ZONE 'UTC') - interval '2 months', 'YYYY-MM') AS m")
    ).rows[0]?.m as string;
    await sqlOn(
      t.url,
      `UPDATE topups SET created_at = (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month' - interval '1 day') AT TIME ZONE 'UTC'
       WHERE userby_id IN (SELECT id FROM users WHERE id = ANY($1) OR sponsor_id = ANY($1))`,
      [more.map((m) => m.id)],
    );
    const qualified = (await api('GET', '/cto', adminToken)).json().qualified.length as number;
    expect(qualified).toBe(4); // the first test's remaining leader and these three
    const credited = async () =>
      (
        await sqlOn(
          t.url,
          `SELECT member_id, count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1
           GROUP BY member_id ORDER BY member_id`,
          [`cto:${month}:%`],
        )
      ).rows;
    // One member per chunk; the month opens paying and one chunk is credited, as if the process then died.
    const stepwise = new CtoService(t.deps.db, t.deps.settings, 1);
    const opened = await stepwise.open(month, null);
    expect(opened?.result).toMatchObject({ month, members: 4, share: '75.00000000' }); // 1% of 6 x 5,000, over 4
    const listed = () =>
      api('GET', '/cto/list', adminToken).then((r) =>
        r.json().payouts.find((p: { month: string }) => p.month === month),
      );
    expect(await listed()).toMatchObject({ month, status: 'paying' });
    expect(await credited()).toEqual([]);
    await stepwise.credit(opened?.id ?? 0n, month, 1);
    expect(await credited()).toHaveLength(1);
    // The member a chunk has not reached sees no share yet.
    const waiting = more.at(-1);
    const before = await api('GET', `/cto/transaction/${waiting?.id}`, waiting?.token ?? '');
    expect(before.json().shares).toEqual([]);
    // The job and a second writer finish it at once: every member is credited exactly once.
    const [resumed] = await Promise.all([
      t.deps.cto.payIfDue(month),
      stepwise.credit(opened?.id ?? 0n, month),
    ]);
    expect(resumed).toMatchObject({ month, members: 4, share: '75.00000000' });
    const rows = await credited();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await listed()).toMatchObject({ month, status: 'paid' });
    expect(await t.deps.cto.payIfDue(month)).toBeNull();
    expect((await api('POST', '/cto/pay', adminToken, { month })).statusCode).toBe(409);
    const after = await api('GET', `/cto/transaction/${waiting?.id}`, waiting?.token ?? '');
    expect(after.json().shares).toMatchObject([{ month, amount: '75.00000000' }]);
    const wallet = await api('GET', `/tr/wallet/${waiting?.id}`, waiting?.token ?? '');
    expect(wallet.json().wallets.non_working).toBe('75.00000000');
  });
});
