import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet, randomHash } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

/**
 * The identity levels' limits (decision 0073) on every path that moves money, with the default `identityLevels`
 * setting: level 0 allows withdrawals of 100 a day and 300 in 30 days, deposits of 1,000 a day, a plan of up to 500
 * and transfers of 100 a day; level 1 raises each, level 2 has none.
 */
let t: TestApp;
let admin: Built;
let adminToken: string;
let bronze = 0;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000', RATE_LIMIT_REGISTER_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  const res = await api('POST', '/plans/add', adminToken, {
    name: 'bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(res.statusCode).toBe(201);
  bronze = res.json().plan.id;
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
  });

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function member(level: 0 | 1 | 2 = 0) {
  const m = await buildMember(t.deps, { identityLevel: level });
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, BEP20]);
  return { ...m, token: await tokenFor(t.app, m) };
}
type Member = Awaited<ReturnType<typeof member>>;
const setLevel = (m: Member, level: number) =>
  sqlOn(t.url, 'UPDATE users SET identity_level = $2 WHERE id = $1', [m.id, level]);

const withdraw = (m: Member, amount: string) =>
  api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount });
const transfer = (from: Member, to: Member, amount: string) =>
  api('POST', '/transfer/touser', from.token, { user_id: Number(from.id), userto_id: Number(to.id), amount });
const topup = (by: Member, to: Member, amount: string) =>
  api('POST', '/topup/add', by.token, {
    id: bronze,
    userby_id: Number(by.id),
    userto_id: Number(to.id),
    amount,
  });
const depositReport = (m: Member, amount: string) =>
  api('POST', '/deposite/add', m.token, {
    user_id: Number(m.id),
    amount,
    currency: 'BEP20',
    hash: randomHash(),
  });

/** The refusal of an identity limit: 422 with its message and details. */
function expectLimit(
  res: Awaited<ReturnType<typeof api>>,
  details: { action: string; window: string; limit: string; level: string; next_level: string[] },
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body.code, res.body).toBe('BUSINESS_RULE');
  expect(body.details, res.body).toEqual({
    action: [details.action],
    window: [details.window],
    limit: [details.limit],
    level: [details.level],
    next_level: details.next_level,
  });
  return body.message as string;
}

describe('withdrawals', () => {
  it('allow a small withdrawal at level 0, refuse past the day, name level 1, and level 1 lifts it', async () => {
    const m = await member(0);
    await fundWallet(t.deps, m.id, 'working', '1000');
    expect((await withdraw(m, '60')).statusCode).toBe(201);
    const refused = await withdraw(m, '50');
    const message = expectLimit(refused, {
      action: 'withdrawal',
      window: 'day',
      limit: '100.00',
      level: '0',
      next_level: ['1'],
    });
    expect(message).toBe(
      'This is more than your identity level allows (withdrawals of 100.00 USD a day). Verify your identity to level 1 to raise it: Profile > Identity.',
    );
    // Exactly up to the limit passes.
    expect((await withdraw(m, '40')).statusCode).toBe(201);
    await setLevel(m, 1);
    expect((await withdraw(m, '50')).statusCode).toBe(201);
  });

  it('does not count a cancelled request, and counts a request older than a day only in the 30 days', async () => {
    const m = await member(0);
    await fundWallet(t.deps, m.id, 'working', '1000');
    const first = (await withdraw(m, '100')).json().withdrawal;
    expectLimit(await withdraw(m, '30'), {
      action: 'withdrawal',
      window: 'day',
      limit: '100.00',
      level: '0',
      next_level: ['1'],
    });
    expect((await api('DELETE', `/withdrawalrequest/${first.id}`, m.token)).statusCode).toBe(200);
    expect((await withdraw(m, '100')).statusCode).toBe(201);
    // Three requests of 100 within 30 days, all older than a day: the day has room, the month none.
    await sqlOn(
      t.url,
      "UPDATE withdrawals SET created_at = now() - interval '2 days' WHERE user_id = $1 AND status = 'pending'",
      [m.id],
    );
    expect((await withdraw(m, '100')).statusCode).toBe(201);
    await sqlOn(
      t.url,
      "UPDATE withdrawals SET created_at = now() - interval '3 days' WHERE user_id = $1 AND created_at > now() - interval '1 day'",
      [m.id],
    );
    expect((await withdraw(m, '100')).statusCode).toBe(201);
    await sqlOn(
      t.url,
      "UPDATE withdrawals SET created_at = now() - interval '4 days' WHERE user_id = $1 AND created_at > now() - interval '1 day'",
      [m.id],
    );
    const month = expectLimit(await withdraw(m, '20'), {
      action: 'withdrawal',
      window: 'month',
      limit: '300.00',
      level: '0',
      next_level: ['1'],
    });
    expect(month).toContain('withdrawals of 300.00 USD in 30 days');
    // Past 30 days a request no longer counts.
    await sqlOn(t.url, "UPDATE withdrawals SET created_at = now() - interval '31 days' WHERE user_id = $1", [
      m.id,
    ]);
    expect((await withdraw(m, '20')).statusCode).toBe(201);
  });

  it('holds in the batch path: requests sent together pass the day limit once', async () => {
    const m = await member(0);
    await fundWallet(t.deps, m.id, 'working', '1000');
    const results = await Promise.all(Array.from({ length: 4 }, () => withdraw(m, '60')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().details.window).toEqual(['day']);
  });

  it('applies to a plan principal withdrawal too', async () => {
    const m = await member(1);
    await fundDeposit(t.deps, m.id, '400');
    expect((await topup(m, m, '400')).statusCode).toBe(201);
    await setLevel(m, 0);
    const res = await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) });
    expectLimit(res, { action: 'withdrawal', window: 'day', limit: '100.00', level: '0', next_level: ['1'] });
  });
});

describe('transfers', () => {
  it('refuse past the day at level 0 (together too), and level 1 lifts it', async () => {
    const a = await member(0);
    const b = await member(0);
    await fundDeposit(t.deps, a.id, '1000');
    expect((await transfer(a, b, '80')).statusCode).toBe(201);
    const message = expectLimit(await transfer(a, b, '30'), {
      action: 'transfer',
      window: 'day',
      limit: '100.00',
      level: '0',
      next_level: ['1'],
    });
    expect(message).toContain('transfers of 100.00 USD a day');
    // Received transfers do not count for the receiver.
    expect((await transfer(b, a, '80')).statusCode).toBe(201);
    const together = await Promise.all([transfer(a, b, '20'), transfer(a, b, '20')]);
    expect(together.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    await setLevel(a, 1);
    expect((await transfer(a, b, '500')).statusCode).toBe(201);
  });
});

describe('top-ups', () => {
  it('refuse a plan above the largest plan, added to the plan held, and level 1 lifts it', async () => {
    const m = await member(0);
    await fundDeposit(t.deps, m.id, '2000');
    expect((await topup(m, m, '400')).statusCode).toBe(201);
    const message = expectLimit(await topup(m, m, '200'), {
      action: 'plan',
      window: 'plan',
      limit: '500.00',
      level: '0',
      next_level: ['1'],
    });
    expect(message).toContain('a plan of up to 500.00 USD');
    expect((await topup(m, m, '100')).statusCode).toBe(201);
    await setLevel(m, 1);
    expect((await topup(m, m, '1000')).statusCode).toBe(201);
  });

  it('check a friend’s top-up against the receiving member’s level', async () => {
    const payer = await member(2);
    const friend = await member(0);
    await fundDeposit(t.deps, payer.id, '2000');
    const friendTopup = (amount: string) =>
      api('POST', '/transfer/friend', payer.token, {
        user_id: Number(payer.id),
        userto_id: Number(friend.id),
        plan_id: bronze,
        amount,
      });
    expectLimit(await friendTopup('600'), {
      action: 'plan',
      window: 'plan',
      limit: '500.00',
      level: '0',
      next_level: ['1'],
    });
    await setLevel(friend, 1);
    expect((await friendTopup('600')).statusCode).toBe(201);
  });
});

describe('deposit requests', () => {
  it('refuse a report past the day’s credited deposits, and level 1 lifts it', async () => {
    const m = await member(0);
    const d = (await depositReport(m, '900')).json().deposit;
    const credited = await api('PUT', `/deposite/${d.id}`, adminToken, {
      status: 'complete',
      user_id: Number(m.id),
      note: 'seen on chain',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    // A pending report does not count; credited deposits do.
    expect((await depositReport(m, '100')).statusCode).toBe(201);
    const message = expectLimit(await depositReport(m, '100.01'), {
      action: 'deposit',
      window: 'day',
      limit: '1,000.00',
      level: '0',
      next_level: ['1'],
    });
    expect(message).toContain('deposits of 1,000.00 USD a day');
    await setLevel(m, 1);
    expect((await depositReport(m, '5000')).statusCode).toBe(201);
  });
});

describe('a level without a next level that lifts it', () => {
  it('says no level raises it, with no next level in the details', async () => {
    const owner = await buildAdmin(t.deps);
    const before = (await t.deps.settings.all()).identityLevels;
    await t.deps.settings.change(
      owner.id,
      { identityLevels: [before[0], before[1], { ...before[1] }] as typeof before },
      'test: a limit at level 2',
    );
    try {
      const m = await member(2);
      await fundDeposit(t.deps, m.id, '10000');
      const b = await member(2);
      expect((await transfer(m, b, '5000')).statusCode).toBe(201);
      const message = expectLimit(await transfer(m, b, '1'), {
        action: 'transfer',
        window: 'day',
        limit: '5,000.00',
        level: '2',
        next_level: [],
      });
      expect(message).toBe('This is more than your identity level allows (transfers of 5,000.00 USD a day).');
    } finally {
      await t.deps.settings.change(owner.id, { identityLevels: before }, 'test: back');
    }
  });
});

describe('GET /identity/limits', () => {
  it('shows the level, each limit with what is used and remains, and the next level', async () => {
    const m = await member(0);
    await fundWallet(t.deps, m.id, 'working', '500');
    expect((await withdraw(m, '60')).statusCode).toBe(201);
    const res = await api('GET', '/identity/limits', m.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ level: 0, country: null, next: { level: 1 } });
    expect(body.next.limits.withdrawalDay).toBe('5000');
    const byKey = Object.fromEntries(body.limits.map((l: { key: string }) => [l.key, l]));
    expect(byKey.withdrawalDay).toEqual({
      key: 'withdrawalDay',
      action: 'withdrawal',
      window: 'day',
      limit: '100.00000000',
      used: '60.00000000',
      remaining: '40.00000000',
    });
    expect(byKey.withdrawalMonth).toMatchObject({ used: '60.00000000', remaining: '240.00000000' });
    expect(byKey.transferDay).toMatchObject({ used: '0.00000000', remaining: '100.00000000' });
    await setLevel(m, 2);
    const top = (await api('GET', '/identity/limits', m.token)).json();
    expect(top.next).toBeNull();
    expect(top.limits.every((l: { limit: string | null }) => l.limit === null)).toBe(true);
    expect((await api('GET', '/identity/limits', adminToken)).statusCode).toBe(403);
  });
});

describe('country of residence', () => {
  const register = (country?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        fullname: 'Riya Sharma',
        email: `riya-${randomUUID()}@example.com`,
        phone: '+919876543210',
        password: 'Saffron-Kettle-58',
        confirmPassword: 'Saffron-Kettle-58',
        referralBy: '',
        ...(country === undefined ? {} : { country }),
      },
    });

  it('is taken at registration, an unserved one refused; set once from the profile when empty', async () => {
    const owner = await buildAdmin(t.deps);
    await t.deps.settings.change(owner.id, { unservedCountries: ['KP', 'IR'] }, 'test: unserved');
    try {
      const refused = await register('kp');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'We do not serve members who live in KP.',
        details: { country: ['We do not serve members who live in KP.'] },
      });
      const ok = await register('de');
      expect(ok.statusCode, ok.body).toBe(201);
      const row = await sqlOn(t.url, 'SELECT country FROM users WHERE id = $1', [ok.json().auth.id]);
      expect(row.rows).toEqual([{ country: 'DE' }]);
      expect((await register()).statusCode).toBe(201);
      expect((await register('Germany')).statusCode).toBe(400);

      const m = await member(0);
      expect((await api('PUT', '/identity/country', m.token, { country: 'IR' })).statusCode).toBe(400);
      const set = await api('PUT', '/identity/country', m.token, { country: 'in' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ message: 'Country of residence saved.', country: 'IN' });
      expect((await api('GET', '/identity/limits', m.token)).json().country).toBe('IN');
      const again = await api('PUT', '/identity/country', m.token, { country: 'FR' });
      expect(again.statusCode).toBe(409);
    } finally {
      await t.deps.settings.change(owner.id, { unservedCountries: [] }, 'test: back');
    }
  });
});
