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

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

let plan: { id: number } | undefined;
async function investor() {
  const m = await buildMember(t.deps);
  const token = await tokenFor(t.app, m);
  // One plan for every investor, made before any member holds one (after, a new plan waits for a second admin).
  plan ??= (
    await api('POST', '/plans/add', adminToken, {
      name: 'Bonus investors',
      monthly_price: 100,
      ROI_day: '0.5',
      Sponser_bonus: 5,
      plan_period: 365,
    })
  ).json().plan as { id: number };
  await fundDeposit(t.deps, m.id, '100');
  await api('POST', '/topup/add', token, { id: plan.id, userby_id: Number(m.id), userto_id: Number(m.id) });
  return { ...m, token };
}

describe('bonuses', () => {
  it('lets an admin define and update a bonus and a member claim it once a day, as reward income', async () => {
    const created = await api('POST', '/bonus', adminToken, { bonus_type: 'daily_login', amount: '1.5' });
    expect(created.statusCode).toBe(201);
    const id = created.json().bonus.id;
    expect(
      (await api('POST', '/bonus', adminToken, { bonus_type: 'daily_login', amount: 2 })).statusCode,
    ).toBe(409);
    expect((await api('PUT', `/bonus/${id}`, adminToken, { amount: '2' })).json()).toMatchObject({
      message: 'Bonus Updated Successfully!',
      bonus: { amount: '2.00000000' },
    });

    const m = await investor();
    expect((await api('GET', '/bonus', m.token)).json().bonus).toEqual([
      expect.objectContaining({ bonus_type: 'daily_login', claimed_today: false }),
    ]);
    const claim = await api('POST', '/bonus/claim', m.token, {
      user_id: Number(m.id),
      bonus_type: 'daily_login',
      plan_id: 1,
    });
    expect(claim.json()).toMatchObject({ message: 'Bonus has been claimed', paid: '2.00000000' });
    expect(
      (await api('POST', '/bonus/claim', m.token, { user_id: Number(m.id), bonus_type: 'daily_login' }))
        .statusCode,
    ).toBe(409);
    expect((await api('GET', `/users/${m.id}`, m.token)).json().singleuser).toMatchObject({
      reward: '2.00000000',
      working: '2.00000000',
    });
    expect((await api('GET', '/bonus', m.token)).json().bonus[0].claimed_today).toBe(true);
    const other = await investor();
    expect(
      (await api('POST', '/bonus/claim', m.token, { user_id: Number(other.id), bonus_type: 'daily_login' }))
        .statusCode,
    ).toBe(403);
    expect((await api('POST', '/bonus', m.token, { bonus_type: 'x', amount: 1 })).statusCode).toBe(403);
  });

  it('pays one of ten simultaneous claims, and nothing to a member without a plan (recorded why)', async () => {
    await api('POST', '/bonus', adminToken, { bonus_type: 'weekend', amount: '1' });
    const m = await investor();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/bonus/claim', m.token, { user_id: Number(m.id), bonus_type: 'weekend' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const planless = await buildMember(t.deps);
    const pt = await tokenFor(t.app, planless);
    const res = await api('POST', '/bonus/claim', pt, {
      user_id: Number(planless.id),
      bonus_type: 'weekend',
    });
    expect(res.json()).toMatchObject({ paid: '0.00000000', skipped_reason: 'member is inactive' });
    const skip = await sqlOn(t.url, 'SELECT reason FROM income_skips WHERE user_id = $1', [planless.id]);
    expect(skip.rows).toEqual([{ reason: 'member is inactive' }]);
  });
});
