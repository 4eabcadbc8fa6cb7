import { parseUnits } from '@sgx/money';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { approveWaiting, secondAdmin } from './approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from './factories';
import { buildTestApp, sqlOn, type TestApp } from './helpers';
import { fundDeposit, fundWallet, launchToken } from './money';

// Decision 0016: a blocked member moves no money out, by any path, through one check. Sign-in does not
// refuse a blocked member, and a member blocked while signed in keeps their session: these tests sign
// in first, then the admin blocks, and every money-out path must refuse the session it already holds.

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
type Member = Built & { token: string };

/** A signed-in member with money in every wallet a path spends from, and some SGX. */
async function richMember(): Promise<Member> {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, BEP20]);
  await fundDeposit(t.deps, m.id, '500');
  await fundWallet(t.deps, m.id, 'working', '100');
  await fundWallet(t.deps, m.id, 'non_working', '100');
  const member = { ...m, token: await tokenFor(t.app, m) };
  const buy = await call(member.token, 'POST', '/social-genx/buy', {
    token_id: 1,
    amount: '1000',
    user_id: Number(m.id),
  });
  expect(buy.statusCode).toBe(200);
  return member;
}

const setStatus = async (m: Built, status: 'block' | 'unblock') => {
  const why = status === 'block' ? { block_reason: 'compliance review' } : {};
  const res = await call(adminToken, 'PUT', `/users/${m.id}`, { status, ...why });
  expect(res.statusCode).toBe(200);
};

/** Every balance of the member, every record a money path writes for them. */
async function footprint(id: bigint) {
  const q = async (text: string) => (await sqlOn(t.url, text, [id])).rows;
  return {
    accounts: await q('SELECT kind, asset, balance FROM ledger_accounts WHERE owner_id = $1 ORDER BY id'),
    postings: await q(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = $1 OR created_by = $1',
    ),
    transfers: await q('SELECT count(*)::int AS n FROM transfers WHERE user_id = $1'),
    topups: await q('SELECT count(*)::int AS n FROM topups WHERE userby_id = $1'),
    withdrawals: await q('SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1'),
    trades: await q('SELECT count(*)::int AS n FROM token_transactions WHERE user_id = $1'),
    codes: await q('SELECT count(*)::int AS n FROM codes WHERE redeemed_by = $1'),
  };
}

/** The money-out paths of a member, each a fresh request (new codes, new receivers). */
async function moneyOutPaths(m: Member) {
  const friend = await buildMember(t.deps);
  const inactive = await buildMember(t.deps);
  const issued = await call(adminToken, 'POST', '/codes', { count: 1, amount: '5' });
  expect(issued.statusCode).toBe(201);
  const code: string = issued.json().codes[0].code;
  const me = Number(m.id);
  return {
    'transfer to a member': () =>
      call(m.token, 'POST', '/transfer/touser', { user_id: me, userto_id: Number(friend.id), amount: '10' }),
    'top-up of a friend': () =>
      call(m.token, 'POST', '/transfer/friend', {
        user_id: me,
        userto_id: Number(friend.id),
        plan_id: bronze,
        amount: '10',
      }),
    'top-up paid for another member': () =>
      call(m.token, 'POST', '/topup/add', { id: bronze, userby_id: me, userto_id: Number(friend.id) }),
    'entry fee paid for another member': () =>
      call(m.token, 'POST', '/topup/entry', { id: Number(inactive.id), userby_id: me }),
    'own top-up': () => call(m.token, 'POST', '/topup/add', { id: bronze, userby_id: me, userto_id: me }),
    'code redemption': () => call(m.token, 'POST', '/codes/redeem', { code }),
    'token sell to the wallet': () =>
      call(m.token, 'POST', '/social-genx/sell', { token_id: 1, amount: '100', user_id: me }),
    'token buy': () => call(m.token, 'POST', '/social-genx/buy', { token_id: 1, amount: '100', user_id: me }),
    'working withdrawal': () =>
      call(m.token, 'POST', '/withdrawalrequest/add', { user_id: me, amount: '20' }),
    'ROI withdrawal': () =>
      call(m.token, 'POST', '/withdrawalrequest/add/roiwithdrawal', { user_id: me, amount: '20' }),
  };
}

describe('a member blocked while signed in', () => {
  it('is refused on every money-out path with 403, and nothing moves', async () => {
    const m = await richMember();
    const paths = await moneyOutPaths(m);
    await setStatus(m, 'block');
    // The session signed in before the block still reads.
    expect((await call(m.token, 'GET', `/users/${m.id}`)).statusCode).toBe(200);
    const before = await footprint(m.id);
    for (const [name, send] of Object.entries(paths)) {
      const res = await send();
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({
        name,
        status: 403,
        body: { message: 'Your account is blocked. Please contact support.', code: 'FORBIDDEN' },
      });
    }
    expect(await footprint(m.id)).toEqual(before);
  });

  it('moves money again on every path once unblocked', async () => {
    const m = await richMember();
    const paths = await moneyOutPaths(m);
    await setStatus(m, 'block');
    await setStatus(m, 'unblock');
    const answers: Record<string, number> = {};
    for (const [name, send] of Object.entries(paths)) answers[name] = (await send()).statusCode;
    expect(answers).toEqual({
      'transfer to a member': 201,
      'top-up of a friend': 201,
      'top-up paid for another member': 201,
      'entry fee paid for another member': 201,
      'own top-up': 201,
      'code redemption': 200,
      'token sell to the wallet': 200,
      'token buy': 200,
      'working withdrawal': 201,
      'ROI withdrawal': 201,
    });
    const after = await footprint(m.id);
    expect(after).toMatchObject({
      transfers: [{ n: 2 }],
      topups: [{ n: 4 }],
      withdrawals: [{ n: 2 }],
      trades: [{ n: 3 }],
      codes: [{ n: 1 }],
    });
  });

  it('still lets an admin move a blocked member’s money, and money still comes in', async () => {
    const m = await richMember();
    const sender = await richMember();
    await setStatus(m, 'block');
    const debit = await call(adminToken, 'POST', '/withdrawalrequest/debit', {
      user_id: Number(m.id),
      amount: '1',
      wallet: 'deposit',
      reason: 'chargeback',
    });
    // Every admin debit waits for a second admin (decision 0024).
    await approveWaiting(t.app, debit, (await secondAdmin(t.app, t.deps)).token);
    const forThem = await call(adminToken, 'POST', '/withdrawalrequest/add', {
      user_id: Number(m.id),
      amount: '20',
    });
    expect(forThem.statusCode).toBe(201);
    const toThem = await call(sender.token, 'POST', '/transfer/touser', {
      user_id: Number(sender.id),
      userto_id: Number(m.id),
      amount: '3',
    });
    expect(toThem.statusCode).toBe(201);
    const deposit = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [m.id],
    );
    expect(BigInt(deposit.rows[0]?.balance)).toBe(parseUnits('502') - (await spentOnSgx(m.id)));
  });

  it('honours a block that commits while a transfer waits for it', async () => {
    const m = await richMember();
    const friend = await buildMember(t.deps);
    const before = await footprint(m.id);
    // An admin's block, not yet committed, holds the member's row; the transfer's check waits for it.
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query("UPDATE users SET status = 'block' WHERE id = $1", [m.id]);
      const pending = call(m.token, 'POST', '/transfer/touser', {
        user_id: Number(m.id),
        userto_id: Number(friend.id),
        amount: '10',
      });
      const raced = await Promise.race([
        pending.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waiting'), 500)),
      ]);
      expect(raced).toBe('waiting');
      await admin.query('COMMIT');
      const res = await pending;
      expect(res.statusCode).toBe(403);
    } finally {
      await admin.end();
    }
    expect(await footprint(m.id)).toEqual(before);
  });
});

/** What the member paid for their SGX (the setup's buy). */
async function spentOnSgx(id: bigint): Promise<bigint> {
  const { rows } = await sqlOn(
    t.url,
    "SELECT coalesce(sum(total_amount), 0)::bigint AS n FROM token_transactions WHERE user_id = $1 AND transaction_type = 'BUY'",
    [id],
  );
  return BigInt(rows[0]?.n);
}
