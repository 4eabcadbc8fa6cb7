import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  bearer,
  buildAdmin,
  buildMember,
  enrolTwoFactor,
  stepNow,
  tokenFor,
  totpCode,
} from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

/**
 * Decision 0023 on member-to-member money: a transfer and a friend's plan top-up leave the member's hands like a
 * withdrawal, so a member with two-factor sign-in confirms each with a code (a stolen session alone sends
 * nothing to an accomplice). The retry of a request that went through gets its first answer, not a refusal
 * of its now used code, and moves nothing more.
 */
let t: TestApp;
let bronze: number;
beforeAll(async () => {
  t = await buildTestApp();
  const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const plan = await api('POST', '/plans/add', adminToken, {
    name: 'Bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  bronze = plan.json().plan.id;
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });

type Member = Built & { token: string };
async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
}

/** A member with two-factor on and `funds` in their deposit wallet; `secret` is their authenticator's. */
async function securedMember(funds: string): Promise<Member & { secret: string }> {
  const m = await member();
  await enrolTwoFactor(t.app, m, m.token);
  await fundDeposit(t.deps, m.id, funds);
  return { ...m, secret: m.twoFactor?.secret ?? '' };
}

const balance = async (who: bigint): Promise<bigint> =>
  ((await sqlOn(t.url, "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'", [who]))
    .rows[0]?.balance as bigint | undefined) ?? 0n;

const count = async (query: string, id: bigint): Promise<number> =>
  Number((await sqlOn(t.url, query, [id])).rows[0]?.n);

/** The next code the server accepts: a step after the last one used (the enrolment's), within its window. */
async function freshCode(m: Member & { secret: string }): Promise<string> {
  const last = Number(
    (await sqlOn(t.url, 'SELECT last_step FROM two_factors WHERE user_id = $1', [m.id])).rows[0]?.last_step,
  );
  const step = Math.max(stepNow() - 1, last + 1);
  expect(step).toBeLessThanOrEqual(stepNow() + 1);
  return totpCode(m.secret, step);
}

describe('two-factor on transfers to a member', () => {
  it('asks for a code, refuses a wrong one, moves the money once, and answers a retry as the first time', async () => {
    const m = await securedMember('100');
    const to = await member();
    const body = { user_id: Number(m.id), userto_id: Number(to.id), amount: '30' };
    const key = `touser-${randomUUID()}`;

    const missing = await api('POST', '/transfer/touser', m.token, body, key);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().details.code).toBeDefined();
    const wrong = await api('POST', '/transfer/touser', m.token, {
      ...body,
      code: totpCode(m.secret, stepNow() + 5),
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().message).toMatch(/not valid/);
    expect(await balance(m.id)).toBe(parseUnits('100'));
    expect(await balance(to.id)).toBe(0n);

    // The refusals claimed nothing: the same key goes through with the right code.
    const code = await freshCode(m);
    const ok = await api('POST', '/transfer/touser', m.token, { ...body, code }, key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balance(m.id)).toBe(parseUnits('70'));
    expect(await balance(to.id)).toBe(parseUnits('30'));

    // A retry (the answer was lost) carries the same, now used, code: the first answer, nothing moved.
    const retry = await api('POST', '/transfer/touser', m.token, { ...body, code }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().transfer).toEqual(ok.json().transfer);
    // The code is not part of what the request asks (nor of its fingerprint): a retry with another one, or
    // none, is the same request.
    const bare = await api('POST', '/transfer/touser', m.token, body, key);
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().transfer).toEqual(ok.json().transfer);
    expect(await balance(m.id)).toBe(parseUnits('70'));
    expect(await balance(to.id)).toBe(parseUnits('30'));

    // The used code sends nothing new: not with a new key, nor with the same key for another amount.
    const again = await api('POST', '/transfer/touser', m.token, { ...body, code }, `touser-${randomUUID()}`);
    expect(again.statusCode, again.body).toBe(422);
    const other = await api('POST', '/transfer/touser', m.token, { ...body, amount: '40', code }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(await count('SELECT count(*) AS n FROM transfers WHERE user_id = $1', m.id)).toBe(1);
    expect(await balance(m.id)).toBe(parseUnits('70'));
  });

  it('asks a member without two-factor for no code', async () => {
    const m = await member();
    const to = await member();
    await fundDeposit(t.deps, m.id, '50');
    const res = await api('POST', '/transfer/touser', m.token, {
      user_id: Number(m.id),
      userto_id: Number(to.id),
      amount: '20',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(to.id)).toBe(parseUnits('20'));
  });
});

describe("two-factor on topping up a friend's plan", () => {
  it('asks for a code, refuses a wrong one, tops up once, and answers a retry as the first time', async () => {
    const m = await securedMember('250');
    const friend = await member();
    const body = { user_id: Number(m.id), userto_id: Number(friend.id), plan_id: bronze, amount: '100' };
    const key = `friend-${randomUUID()}`;

    const missing = await api('POST', '/transfer/friend', m.token, body, key);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().details.code).toBeDefined();
    const wrong = await api('POST', '/transfer/friend', m.token, {
      ...body,
      code: totpCode(m.secret, stepNow() + 5),
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(await balance(m.id)).toBe(parseUnits('250'));

    const code = await freshCode(m);
    const ok = await api('POST', '/transfer/friend', m.token, { ...body, code }, key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().transfer).toMatchObject({ kind: 'friend', amount: '100.00000000' });
    expect(await balance(m.id)).toBe(parseUnits('150'));

    const retry = await api('POST', '/transfer/friend', m.token, { ...body, code }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().transfer).toEqual(ok.json().transfer);
    expect(await balance(m.id)).toBe(parseUnits('150'));
    expect(await count('SELECT count(*) AS n FROM topups WHERE userto_id = $1', friend.id)).toBe(1);

    const again = await api('POST', '/transfer/friend', m.token, { ...body, code }, `friend-${randomUUID()}`);
    expect(again.statusCode, again.body).toBe(422);
    expect(await balance(m.id)).toBe(parseUnits('150'));
  });

  it('asks a member without two-factor for no code', async () => {
    const m = await member();
    const friend = await member();
    await fundDeposit(t.deps, m.id, '100');
    const res = await api('POST', '/transfer/friend', m.token, {
      user_id: Number(m.id),
      userto_id: Number(friend.id),
      plan_id: bronze,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(m.id)).toBe(0n);
  });
});
