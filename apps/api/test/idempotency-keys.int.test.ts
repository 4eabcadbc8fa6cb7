import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from './factories';
import { buildTestApp, sqlOn, type TestApp } from './helpers';
import { fundDeposit, fundWallet, launchToken, moneyOf } from './money';

// Decision 0017: an Idempotency-Key names one request. The same key with the same request returns the
// first result and moves money once; the same key with another body (amount, receiver, count, ...) or on
// another route is a 409 and moves nothing.

let t: TestApp;
let adminToken: string;
let bronze: number;
beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, parseUnits('100000000'));
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const plan = await call(adminToken, 'POST', '/plans/add', {
    name: 'Bronze',
    monthly_price: '10',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(plan.statusCode).toBe(201);
  bronze = plan.json().plan.id;
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const newKey = () => `key-${randomUUID()}`;
const REUSED = {
  message: 'This Idempotency-Key was already used for a different request.',
  code: 'CONFLICT',
  details: {
    'Idempotency-Key': ['Send a new key with a new request; repeat a key only to retry the same request.'],
  },
};

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
type Member = Built & { token: string };
async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, BEP20]);
  await fundDeposit(t.deps, m.id, '1000');
  await fundWallet(t.deps, m.id, 'working', '500');
  return { ...m, token: await tokenFor(t.app, m) };
}

const money = (id: bigint) => moneyOf(t.url, id);

/**
 * Sends `first` with a fresh key; then the same request again (the first result back, nothing more
 * moved), and each of `others` with that key (409, nothing moved). Returns the first answer.
 */
async function expectOneRequestPerKey(
  member: bigint,
  send: (body: object, key: string) => ReturnType<typeof call>,
  first: object,
  same: object[],
  others: object[],
) {
  const key = newKey();
  const res = await send(first, key);
  expect(res.statusCode).toBeLessThan(300);
  const after = await money(member);
  for (const body of [first, ...same]) {
    const again = await send(body, key);
    expect(again.statusCode).toBe(res.statusCode);
    expect(again.json()).toEqual(res.json());
  }
  for (const body of others) {
    const reused = await send(body, key);
    expect({ body, status: reused.statusCode, answer: reused.json() }).toEqual({
      body,
      status: 409,
      answer: REUSED,
    });
  }
  expect(await money(member)).toEqual(after);
  return { res, key };
}

describe('a reused Idempotency-Key', () => {
  it('transfer: the same amount however written returns the first transfer; another amount or receiver is a 409', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const send = (body: object, key: string) => call(a.token, 'POST', '/transfer/touser', body, key);
    const base = { user_id: Number(a.id), userto_id: Number(b.id) };
    const { res } = await expectOneRequestPerKey(
      a.id,
      send,
      { ...base, amount: '10' },
      [
        { ...base, amount: 10 },
        { amount: '10.00000000', userto_id: Number(b.id), user_id: Number(a.id) },
      ],
      [
        { ...base, amount: '10.00000001' },
        { ...base, userto_id: Number(c.id), amount: '10' },
      ],
    );
    expect(res.statusCode).toBe(201);
    expect(await money(c.id)).toMatchObject({ postings: 2 });
  });

  it('transfer: of five different bodies racing on one key, exactly one moves money', async () => {
    const a = await member();
    const b = await member();
    const key = newKey();
    const results = await Promise.all(
      ['1', '2', '3', '4', '5'].map((amount) =>
        call(
          a.token,
          'POST',
          '/transfer/touser',
          { user_id: Number(a.id), userto_id: Number(b.id), amount },
          key,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 201)?.json().transfer.amount;
    const received = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [b.id],
    );
    expect(BigInt(received.rows[0]?.balance)).toBe(parseUnits('1000') + parseUnits(winner));
  });

  it('binds a key only to a request that happened: after a refusal the key serves another body', async () => {
    const a = await member();
    const b = await member();
    const key = newKey();
    const body = { user_id: Number(a.id), userto_id: Number(b.id) };
    const tooMuch = await call(a.token, 'POST', '/transfer/touser', { ...body, amount: '5000' }, key);
    expect(tooMuch.statusCode).toBe(422);
    const fits = await call(a.token, 'POST', '/transfer/touser', { ...body, amount: '50' }, key);
    expect(fits.statusCode).toBe(201);
  });

  it('names one request across routes: a key used for a transfer cannot start a withdrawal', async () => {
    const a = await member();
    const b = await member();
    const key = newKey();
    const moved = await call(
      a.token,
      'POST',
      '/transfer/touser',
      { user_id: Number(a.id), userto_id: Number(b.id), amount: '10' },
      key,
    );
    expect(moved.statusCode).toBe(201);
    const before = await money(a.id);
    const w = await call(
      a.token,
      'POST',
      '/withdrawalrequest/add',
      { user_id: Number(a.id), amount: '50' },
      key,
    );
    expect(w.statusCode).toBe(409);
    expect(w.json()).toEqual(REUSED);
    expect(await money(a.id)).toEqual(before);
    // Another member's identical key is theirs.
    const own = await call(
      b.token,
      'POST',
      '/transfer/touser',
      { user_id: Number(b.id), userto_id: Number(a.id), amount: '7' },
      key,
    );
    expect(own.statusCode).toBe(201);
  });

  it('top-up of a friend, top-up, re-top-up and entry fee', async () => {
    const a = await member();
    const friend = await buildMember(t.deps);
    const other = await buildMember(t.deps);
    const me = Number(a.id);
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'POST', '/transfer/friend', body, key),
      { user_id: me, userto_id: Number(friend.id), plan_id: bronze, amount: '10' },
      [{ user_id: me, userto_id: Number(friend.id), plan_id: bronze, amount: 10 }],
      [
        { user_id: me, userto_id: Number(friend.id), plan_id: bronze, amount: '20' },
        { user_id: me, userto_id: Number(other.id), plan_id: bronze, amount: '10' },
      ],
    );
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'POST', '/topup/add', body, key),
      { id: bronze, userby_id: me, userto_id: me, amount: '10' },
      [{ id: bronze, userby_id: me, userto_id: me, amount: '10.0' }],
      [
        { id: bronze, userby_id: me, userto_id: me, amount: '11' },
        { id: bronze, userby_id: me, userto_id: Number(friend.id), amount: '10' },
      ],
    );
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'POST', '/topup/addretopup', body, key),
      { userby_id: me, userto_id: me, amount: '5' },
      [],
      [{ userby_id: me, userto_id: me, amount: '6' }],
    );
    const inactive = await buildMember(t.deps);
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'POST', '/topup/entry', body, key),
      { id: Number(other.id), userby_id: me },
      [],
      [{ id: Number(inactive.id), userby_id: me }],
    );
  });

  it('withdrawal request, compound move and an admin debit', async () => {
    const a = await member();
    const me = Number(a.id);
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'POST', '/withdrawalrequest/add', body, key),
      { user_id: me, amount: '50' },
      [{ user_id: me, amount: 50 }],
      [
        { user_id: me, amount: '60' },
        { user_id: me, amount: '50', currency: 'TRC20' },
      ],
    );
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(a.token, 'PUT', '/withdrawalrequest/compound/amount', body, key),
      { user_id: me, amount: '20' },
      [],
      [{ user_id: me, amount: '21' }],
    );
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(adminToken, 'POST', '/withdrawalrequest/debit', body, key),
      { user_id: me, amount: '3', wallet: 'deposit', reason: 'chargeback' },
      [],
      [
        { user_id: me, amount: '4', wallet: 'deposit', reason: 'chargeback' },
        { user_id: me, amount: '3', wallet: 'working', reason: 'chargeback' },
      ],
    );
  });

  it('token buy and sell', async () => {
    const a = await member();
    const me = Number(a.id);
    const buy = (body: object, key: string) => call(a.token, 'POST', '/social-genx/buy', body, key);
    const first = await expectOneRequestPerKey(
      a.id,
      buy,
      { token_id: 1, amount: '1000', user_id: me },
      [{ token_id: 1, amount: 1000, user_id: me }],
      [{ token_id: 1, amount: '1001', user_id: me }],
    );
    const sellKey = newKey();
    const sell = await call(
      a.token,
      'POST',
      '/social-genx/sell',
      { token_id: 1, amount: '100', user_id: me },
      sellKey,
    );
    expect(sell.statusCode).toBe(200);
    const again = await call(
      a.token,
      'POST',
      '/social-genx/sell',
      { token_id: 1, amount: '100', user_id: me },
      sellKey,
    );
    expect(again.json().transaction.id).toBe(sell.json().transaction.id);
    const more = await call(
      a.token,
      'POST',
      '/social-genx/sell',
      { token_id: 1, amount: '200', user_id: me },
      sellKey,
    );
    expect(more.statusCode).toBe(409);
    // The buy's key on the sell route: another request.
    const buyKeyOnSell = await call(
      a.token,
      'POST',
      '/social-genx/sell',
      { token_id: 1, amount: '1000', user_id: me },
      first.key,
    );
    expect(buyKeyOnSell.statusCode).toBe(409);
    const trades = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM token_transactions WHERE user_id = $1',
      [a.id],
    );
    expect(trades.rows[0]?.n).toBe(2);
  });

  it('plan activation, a manual transaction and an admin edit of the Business Balance', async () => {
    const a = await member();
    const me = Number(a.id);
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(adminToken, 'POST', '/actplan/add', body, key),
      { user_id: me, plan_id: bronze, amount: '10' },
      [{ user_id: me, plan_id: bronze, amount: 10 }],
      [{ user_id: me, plan_id: bronze, amount: '12' }],
    );
    await expectOneRequestPerKey(
      a.id,
      (body, key) => call(adminToken, 'POST', '/tr/create', body, key),
      { user_id: me, amount: '2', direction: 'credit', wallet: 'working', reason: 'goodwill' },
      [{ user_id: me, amount: 2, direction: 'credit', wallet: 'working', reason: 'goodwill' }],
      [
        { user_id: me, amount: '3', direction: 'credit', wallet: 'working', reason: 'goodwill' },
        { user_id: me, amount: '2', direction: 'debit', wallet: 'working', reason: 'goodwill' },
      ],
    );
    const key = newKey();
    const edit = (business_balance: string) =>
      call(adminToken, 'PUT', `/users/${me}`, { business_balance, reason: 'correction' }, key);
    expect((await edit('700')).statusCode).toBe(200);
    const after = await money(a.id);
    expect((await edit('700')).statusCode).toBe(200);
    const reused = await edit('900');
    expect({ status: reused.statusCode, answer: reused.json() }).toEqual({ status: 409, answer: REUSED });
    expect(await money(a.id)).toEqual(after);
  });

  it('codes: the same batch again, never a second batch for another count or amount', async () => {
    const key = newKey();
    const first = await call(adminToken, 'POST', '/codes', { count: 2, amount: '5' }, key);
    expect(first.statusCode).toBe(201);
    const again = await call(adminToken, 'POST', '/codes', { count: '2', amount: 5 }, key);
    expect(again.json().codes).toEqual(first.json().codes);
    for (const body of [
      { count: 3, amount: '5' },
      { count: 2, amount: '6' },
    ]) {
      const reused = await call(adminToken, 'POST', '/codes', body, key);
      expect(reused.statusCode).toBe(409);
    }
    const n = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM codes WHERE batch_key LIKE $1', [
      `%:${key}`,
    ]);
    expect(n.rows[0]?.n).toBe(2);
  });
});
