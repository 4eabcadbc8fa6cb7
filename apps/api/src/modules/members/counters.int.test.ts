import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { checkTeamCounters } from './counters';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('team counters', () => {
  it('stay equal to their definition through registrations, top-ups, sponsor moves and deletions', async () => {
    const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    const plan = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/plans/add',
        headers: bearer(adminToken),
        payload: { name: 'Bronze', monthly_price: 100, ROI_day: '0.5', Sponser_bonus: 5, plan_period: 365 },
      })
    ).json().plan;
    const root = await buildMember(t.deps);
    const a = await buildMember(t.deps, { sponsorId: root.id });
    const b = await buildMember(t.deps, { sponsorId: a.id });
    const c = await buildMember(t.deps, { sponsorId: b.id });
    const other = await buildMember(t.deps);
    for (const m of [a, b, c]) {
      await fundDeposit(t.deps, m.id, '250');
      const token = await tokenFor(t.app, m);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/topup/add',
        headers: bearer(token),
        payload: { id: plan.id, userby_id: Number(m.id), userto_id: Number(m.id), amount: '250' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await checkTeamCounters(t.deps.db)).mismatches).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${b.id}`,
      headers: bearer(adminToken),
      payload: { reffer_by: other.code },
    });
    expect((await checkTeamCounters(t.deps.db)).mismatches).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${c.id}`, headers: bearer(adminToken) });
    const after = await t.app.inject({ url: '/api/v1/admin/counters', headers: bearer(adminToken) });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().mismatches).toEqual([]);
    // and the check does find a counter that is off
    await sqlOn(t.url, 'UPDATE users SET team_business = team_business + $2 WHERE id = $1', [
      root.id,
      parseUnits('1'),
    ]);
    const broken = (await checkTeamCounters(t.deps.db)).mismatches;
    expect(broken).toEqual([
      {
        user_id: String(root.id),
        field: 'team_business',
        cached: String(parseUnits('251')),
        expected: String(parseUnits('250')),
      },
    ]);
  });
});
