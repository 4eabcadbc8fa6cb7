import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, launchToken } from '../../../test/money';

// Decision 0032: the price history shows members prices and amounts, never who traded; admins see who.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, parseUnits('100000000'));
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const history = async (token: string) => {
  const res = await t.app.inject({
    url: '/api/v1/social-genx/price-history?limit=100',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
};

async function traderNamed(fullname: string) {
  const m = await buildMember(t.deps);
  const { rows } = await sqlOn(t.url, 'UPDATE users SET fullname = $1 WHERE id = $2 RETURNING username', [
    fullname,
    m.id,
  ]);
  await fundDeposit(t.deps, m.id, '50');
  const token = await tokenFor(t.app, m);
  const buy = await t.app.inject({
    method: 'POST',
    url: '/api/v1/social-genx/buy',
    headers: bearer(token),
    payload: { token_id: 1, amount: '1000', user_id: Number(m.id) },
  });
  expect(buy.statusCode).toBe(200);
  return {
    ...m,
    token,
    fullname,
    username: String(rows[0]?.username),
    trade: buy.json().transaction.id as number,
  };
}

describe('the price history', () => {
  it("shows a member prices and amounts only: no other member's name, username or id, no trade ids", async () => {
    const seller = await traderNamed('Priya Tradewell');
    const reader = await traderNamed('Omar Reader');
    const seen = await history(reader.token);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(seen);
    for (const secret of [seller.fullname, seller.username, reader.username, reader.fullname]) {
      expect(text).not.toContain(secret);
    }
    for (const point of seen) {
      expect(point).toMatchObject({ user_id: null, transaction_id: null, username: null, fullname: null });
      expect(point.price).toMatch(/^\d+\.\d{8}$/);
      expect(typeof point.change_reason).toBe('string');
    }
    // The trades are there, as prices: the two buys moved the price up.
    expect(seen.filter((p) => p.change_reason === 'buy')).toHaveLength(2);
  });

  it('shows an admin who moved the price: the trade, the member by id, username and name', async () => {
    const m = await traderNamed('Lena Bookkeeper');
    const seen = await history(adminToken);
    expect(seen.find((p) => p.transaction_id === m.trade)).toMatchObject({
      user_id: Number(m.id),
      username: m.username,
      fullname: m.fullname,
      change_reason: 'buy',
    });
  });
});
