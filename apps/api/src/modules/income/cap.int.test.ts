import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { creditIncome } from './income.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** An active member with a plan of `plan` who has already earned `earned` of capped income. */
async function earner(plan: string, earned: string) {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, "UPDATE users SET active_plan = $2, is_active = 'active' WHERE id = $1", [
    m.id,
    parseUnits(plan),
  ]);
  if (parseUnits(earned) > 0n) await pay(m.id, earned, `seed:${m.id}`);
  return m.id;
}
const pay = (
  userId: bigint,
  amount: string | bigint,
  key: string,
  type: 'direct_income' | 'cto' = 'direct_income',
) =>
  t.deps.db.transaction().execute((tx) =>
    creditIncome(tx, t.deps.settings, {
      userId,
      type,
      amount: typeof amount === 'bigint' ? amount : parseUnits(amount),
      causeKey: key,
      wallet: 'working',
      feature: 'direct',
      why: { rule: 'test' },
    }),
  );
const status = async (id: bigint) =>
  (await sqlOn(t.url, 'SELECT roi_status, level_status FROM users WHERE id = $1', [id])).rows[0];

describe('the earning cap (plan x 3) at its edges', () => {
  it('pays a credit that lands exactly on the cap in full, then closes ROI and level income', async () => {
    const id = await earner('100', '299');
    expect(await pay(id, '1', `exact:${id}`)).toEqual({ paid: parseUnits('1'), skipped: 0n, reason: null });
    expect(await status(id)).toEqual({ roi_status: 'close', level_status: 'close' });
  });

  it('cuts a credit one unit over the cap to the remainder and records the unit', async () => {
    const id = await earner('100', '299');
    const r = await pay(id, parseUnits('1') + 1n, `over:${id}`);
    expect(r).toEqual({ paid: parseUnits('1'), skipped: 1n, reason: 'cut at the earning cap' });
    const skip = await sqlOn(t.url, 'SELECT amount, reason FROM income_skips WHERE user_id = $1', [id]);
    expect(skip.rows).toEqual([{ amount: 1n, reason: 'cut at the earning cap' }]);
  });

  it('pays one unit under the cap without closing anything', async () => {
    const id = await earner('100', '299');
    expect((await pay(id, parseUnits('1') - 1n, `under:${id}`)).paid).toBe(parseUnits('1') - 1n);
    expect(await status(id)).toEqual({ roi_status: 'open', level_status: 'open' });
  });

  it('pays nothing at the cap, or with no plan, and says why', async () => {
    const full = await earner('100', '300');
    expect(await pay(full, '5', `full:${full}`)).toMatchObject({ paid: 0n, reason: 'earning cap reached' });
    const none = await earner('0', '0');
    expect(await pay(none, '5', `none:${none}`)).toMatchObject({ paid: 0n, reason: 'member has no plan' });
  });

  it('pays CTO outside the cap', async () => {
    const id = await earner('100', '300');
    expect(await pay(id, '7', `cto:${id}`, 'cto')).toMatchObject({ paid: parseUnits('7') });
  });
});
