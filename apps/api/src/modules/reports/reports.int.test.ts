import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { randomHash } from '../../../test/money';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

describe('admin dashboard figures', () => {
  it('counts members and money from their sources, with 30 days of history', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const d1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deposite/add',
      headers: bearer(token),
      payload: { user_id: Number(m.id), amount: '250', currency: 'BEP20', hash: randomHash() },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/deposite/add',
      headers: bearer(token),
      payload: { user_id: Number(m.id), amount: '40', currency: 'BEP20', hash: randomHash() },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/deposite/${d1.json().deposit.id}`,
      headers: bearer(adminToken),
      payload: { status: 'complete', user_id: Number(m.id) },
    });
    const res = await t.app.inject({ url: '/api/v1/admin/stats', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.members).toMatchObject({ total: 1, new_today: 1, active: 0 });
    expect(s.money).toMatchObject({
      deposits_total: '250.00000000',
      deposits_today: '250.00000000',
      pending_deposits: { count: 1, amount: '40.00000000' },
    });
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1)).toMatchObject({ registrations: 1, deposits: '250.00000000' });
    expect((await t.app.inject({ url: '/api/v1/admin/stats', headers: bearer(token) })).statusCode).toBe(403);
  });
});
