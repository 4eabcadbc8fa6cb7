import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, secondAdmin } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet, walletsOf } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), ...headers }, payload });

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function member(opts: { address?: boolean } = {}) {
  const m = await buildMember(t.deps);
  if (opts.address !== false) await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, BEP20]);
  return { ...m, token: await tokenFor(t.app, m) };
}

const platform = async (kind: string) =>
  String(
    (await sqlOn(t.url, 'SELECT balance FROM ledger_balances WHERE owner_id IS NULL AND kind = $1', [kind]))
      .rows[0]?.balance ?? 0n,
  );

describe('working withdrawals', () => {
  it('holds the gross at once, pays the net on completion and books the 10% fee', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '150');
    const feeBefore = BigInt(await platform('fee_revenue'));
    const res = await api('POST', '/withdrawalrequest/add', m.token, {
      user_id: Number(m.id),
      amount: '100',
      fee: '0',
    });
    expect(res.statusCode).toBe(201);
    const w = res.json().withdrawal;
    expect(w).toMatchObject({
      kind: 'working',
      amount: '100.00000000',
      fee: '10.00000000',
      net: '90.00000000',
      status: 'pending',
      currency: 'BEP20',
      address: BEP20,
    });
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '50.00000000',
      pending_withdrawals: '100.00000000',
    });

    const done = await api('PUT', `/withdrawalrequest/${w.id}`, adminToken, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(done.json().withdrawal.status).toBe('complete');
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '50.00000000',
      pending_withdrawals: '0.00000000',
    });
    expect(BigInt(await platform('fee_revenue')) - feeBefore).toBe(1_000_000_000n);
    expect(
      (
        await api('PUT', `/withdrawalrequest/${w.id}`, adminToken, {
          status: 'decline',
          user_id: Number(m.id),
        })
      ).statusCode,
    ).toBe(409);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id FROM audit_log WHERE action = 'withdrawal.complete' AND entity_id = $1",
      [String(w.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.id }]);
  });

  it('returns the whole gross to the wallet it came from when declined or cancelled', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '60');
    const w1 = (
      await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 30 })
    ).json().withdrawal;
    const w2 = (
      await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 30 })
    ).json().withdrawal;
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('0.00000000');
    await api('PUT', `/withdrawalrequest/${w1.id}`, adminToken, {
      status: 'decline',
      user_id: Number(m.id),
      note: 'address unreachable',
    });
    expect((await api('DELETE', `/withdrawalrequest/${w2.id}`, m.token)).statusCode).toBe(200);
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '60.00000000',
      pending_withdrawals: '0.00000000',
    });
  });

  it('refuses below the minimum, above the balance, without a payout address, or for someone else', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    const low = await api('POST', '/withdrawalrequest/add', m.token, {
      user_id: Number(m.id),
      amount: '19.99999999',
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('The minimum withdrawal is 20.00 USD.');
    const high = await api('POST', '/withdrawalrequest/add', m.token, {
      user_id: Number(m.id),
      amount: '100.00000001',
    });
    expect(high.statusCode).toBe(422);
    const noAddress = await member({ address: false });
    await fundWallet(t.deps, noAddress.id, 'working', '100');
    const na = await api('POST', '/withdrawalrequest/add', noAddress.token, {
      user_id: Number(noAddress.id),
      amount: 50,
    });
    expect(na.statusCode).toBe(422);
    expect(na.json().message).toMatch(/payout address/);
    expect(
      (await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(noAddress.id), amount: 50 }))
        .statusCode,
    ).toBe(403);
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('100.00000000');
  });

  it('answers each refusal of a wallet withdrawal in order, and a retry finds its request first', async () => {
    const m = await member({ address: false });
    await fundWallet(t.deps, m.id, 'working', '100');
    const add = (body: object, key?: string) =>
      api(
        'POST',
        '/withdrawalrequest/add',
        m.token,
        { user_id: Number(m.id), ...body },
        key ? { 'idempotency-key': key } : {},
      );
    const refused = async (body: object, status: number, message: string | RegExp) => {
      const res = await add(body);
      expect({ status: res.statusCode, message: res.json().message }).toMatchObject({ status, message });
    };
    await refused({ amount: '50' }, 422, 'Add your EVM or TRON payout address in your profile first.');
    await sqlOn(t.url, 'UPDATE users SET trc20 = $2 WHERE id = $1', [
      m.id,
      'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    ]);
    await refused(
      { amount: '50', currency: 'BEP20' },
      422,
      'Add your EVM payout address in your profile first.',
    );
    await refused({ amount: '0' }, 400, 'Enter an amount above 0.');
    await refused({ amount: '10' }, 422, 'The minimum withdrawal is 20.00 USD.');
    await refused({ amount: '100.5' }, 422, 'Insufficient balance.');
    // Without a currency the address on file is used (only TRC20 here).
    const key = 'withdraw-retry-0001';
    const first = await add({ amount: '30' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().withdrawal).toMatchObject({
      currency: 'TRC20',
      amount: '30.00000000',
      net: '27.00000000',
    });
    const admin = await buildAdmin(t.deps);
    await t.deps.settings.change(
      admin.id,
      { features: { ...(await t.deps.settings.all()).features, withdrawal: false } },
      'test: closed',
    );
    try {
      await refused({ amount: '30' }, 403, 'Withdrawals are closed.');
      // The retry of a request made before the switch is answered with that request, not refused.
      const again = await add({ amount: '30' }, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().withdrawal.id).toBe(first.json().withdrawal.id);
    } finally {
      await t.deps.settings.change(
        admin.id,
        { features: { ...(await t.deps.settings.all()).features, withdrawal: true } },
        'test: open',
      );
    }
    const gone = await member();
    await sqlOn(t.url, 'UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect(
      (await api('POST', '/withdrawalrequest/add', adminToken, { user_id: Number(gone.id), amount: '30' }))
        .statusCode,
    ).toBe(404);
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('70.00000000');
  });

  it('lets exactly one of 50 simultaneous requests for the whole balance through', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 100 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '0.00000000',
      pending_withdrawals: '100.00000000',
    });
  });

  it('lets exactly five of 50 simultaneous requests of 20 from 100 through, losing nothing', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 20 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '0.00000000',
      pending_withdrawals: '100.00000000',
    });
  });

  it('shares commits among requests arriving together, each with its own answer (group commit)', async () => {
    const [m, poor, noAddress] = [await member(), await member(), await member({ address: false })];
    await fundWallet(t.deps, m.id, 'working', '100');
    await fundWallet(t.deps, noAddress.id, 'working', '100');
    const ask = (who: typeof m, amount: number) =>
      api('POST', '/withdrawalrequest/add', who.token, { user_id: Number(who.id), amount });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => ask(m, 20)),
      ask(poor, 20),
      ask(noAddress, 20),
      ask(m, 1),
    ]);
    expect(results.slice(0, 8).filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.slice(0, 8).filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect(results[8]?.json().message).toBe('Insufficient balance.');
    expect(results[9]?.json().message).toBe('Add your EVM or TRON payout address in your profile first.');
    expect(results[10]?.json().message).toMatch(/^The minimum withdrawal is /);
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '0.00000000',
      pending_withdrawals: '100.00000000',
    });
    // A row's created_at is its transaction's start: five requests, fewer commits.
    const { rows } = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS commits FROM withdrawals WHERE user_id = $1',
      [m.id],
    );
    expect(rows[0]).toEqual({ n: 5, commits: expect.any(Number) });
    expect(rows[0]?.commits).toBeLessThan(5);
  });

  it('makes one request of a retried call with the same Idempotency-Key', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    const headers = { 'idempotency-key': `retry-${m.id}-0001` };
    const a = await api(
      'POST',
      '/withdrawalrequest/add',
      m.token,
      { user_id: Number(m.id), amount: 40 },
      headers,
    );
    const b = await api(
      'POST',
      '/withdrawalrequest/add',
      m.token,
      { user_id: Number(m.id), amount: 40 },
      headers,
    );
    expect(b.json().withdrawal.id).toBe(a.json().withdrawal.id);
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('60.00000000');
  });
});

describe('retries and keys', () => {
  it('makes one request when the same key arrives five times at once, and keys belong to their sender', async () => {
    const m = await member();
    const other = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    await fundWallet(t.deps, other.id, 'working', '100');
    const headers = { 'idempotency-key': `race-${m.id}-0001` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 30 }, headers),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().withdrawal.id)).size).toBe(1);
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('70.00000000');
    // the same key from another member is that member's own request
    const theirs = await api(
      'POST',
      '/withdrawalrequest/add',
      other.token,
      { user_id: Number(other.id), amount: 30 },
      headers,
    );
    expect(theirs.json().withdrawal.user_id).toBe(Number(other.id));
    expect((await walletsOf(t.app, other.token, other.id)).working).toBe('70.00000000');
  });

  it('answers 404, not 500, for a debit or deposit of a member that does not exist', async () => {
    expect(
      (
        await api('POST', '/withdrawalrequest/debit', adminToken, {
          user_id: 999999,
          amount: 1,
          wallet: 'deposit',
          reason: 'test',
        })
      ).statusCode,
    ).toBe(404);
    const dep = await api('POST', '/deposite/add', adminToken, {
      user_id: 999999,
      amount: 1,
      currency: 'BEP20',
      hash: `0x${'ab'.repeat(32)}`,
    });
    expect(dep.statusCode).toBe(404);
  });
});

describe('other withdrawal kinds', () => {
  it('takes ROI withdrawals from the non-working wallet at 5%', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'non_working', '10');
    const w = (
      await api('POST', '/withdrawalrequest/add/roiwithdrawal', m.token, {
        user_id: Number(m.id),
        amount: '10',
      })
    ).json().withdrawal;
    expect(w).toMatchObject({ kind: 'roi', fee: '0.50000000', net: '9.50000000' });
    expect(
      (
        await api('PUT', `/withdrawalrequest/update/principle/${w.id}`, adminToken, {
          status: 'complete',
          user_id: Number(m.id),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api('PUT', `/withdrawalrequest/update/roi/${w.id}`, adminToken, {
          status: 'complete',
          user_id: Number(m.id),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('compounds from working, then withdraws compound at 5%', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '50');
    expect(
      (await api('PUT', '/withdrawalrequest/compound/amount', m.token, { user_id: Number(m.id), amount: 40 }))
        .statusCode,
    ).toBe(200);
    expect(await walletsOf(t.app, m.token, m.id)).toMatchObject({
      working: '10.00000000',
      compound: '40.00000000',
    });
    const w = (
      await api('POST', '/withdrawalrequest/addcompoundwithdrawal', m.token, {
        user_id: Number(m.id),
        amount: 40,
      })
    ).json().withdrawal;
    expect(w).toMatchObject({ kind: 'compound', fee: '2.00000000', net: '38.00000000' });
    const declined = await api('PUT', `/withdrawalrequest/compound/${w.id}`, adminToken, {
      status: 'decline',
      user_id: Number(m.id),
    });
    expect(declined.statusCode).toBe(200);
    expect((await walletsOf(t.app, m.token, m.id)).compound).toBe('40.00000000');
  });

  it('withdraws the principal at 20% in the first 10 days, and ending the plan on completion', async () => {
    const m = await member();
    await fundDeposit(t.deps, m.id, '100');
    const plan = (
      await api('POST', '/plans/add', adminToken, {
        name: 'Bronze',
        monthly_price: 100,
        ROI_day: '0.5',
        Sponser_bonus: 5,
        plan_period: 365,
      })
    ).json().plan;
    expect(
      (
        await api('POST', '/topup/add', m.token, {
          id: plan.id,
          userby_id: Number(m.id),
          userto_id: Number(m.id),
        })
      ).statusCode,
    ).toBe(201);
    const quote = (await api('GET', '/withdrawalrequest/quote?kind=principal', m.token)).json();
    expect(quote).toMatchObject({
      amount: '100.00000000',
      fee: '20.00000000',
      net: '80.00000000',
      fee_percent: '20.00000000',
    });
    const w = (
      await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) })
    ).json().withdrawal;
    expect(w).toMatchObject({ kind: 'principal', amount: '100.00000000', fee: '20.00000000' });
    expect(
      (await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) })).statusCode,
    ).toBe(409);
    await api('PUT', `/withdrawalrequest/update/principle/${w.id}`, adminToken, {
      status: 'complete',
      user_id: Number(m.id),
    });
    const me = (await api('GET', `/users/${m.id}`, m.token)).json().singleuser;
    expect(me).toMatchObject({ active_plan: '0.00000000', plan_id: null });
    const plans = (await api('GET', '/actplan/list', m.token)).json().activeplans;
    expect(plans[0]).toMatchObject({ status: 'ended', end_reason: 'principal withdrawn' });
  });
});

describe('admin debit and lists', () => {
  it('debits a wallet with a reason, audited, never below zero', async () => {
    const m = await member();
    await fundDeposit(t.deps, m.id, '30');
    const ok = await api('POST', '/withdrawalrequest/debit', adminToken, {
      user_id: Number(m.id),
      amount: 10,
      wallet: 'deposit',
      reason: 'chargeback',
    });
    // Every admin debit waits for a second admin (decision 0024); one beyond the balance is refused at once.
    await approveWaiting(t.app, ok, (await secondAdmin(t.app, t.deps)).token);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('20.00000000');
    const over = await api('POST', '/withdrawalrequest/debit', adminToken, {
      user_id: Number(m.id),
      amount: 21,
      wallet: 'deposit',
      reason: 'chargeback',
    });
    expect(over.statusCode).toBe(422);
    expect(
      (
        await api('POST', '/withdrawalrequest/debit', m.token, {
          user_id: Number(m.id),
          amount: 1,
          wallet: 'deposit',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const audit = await sqlOn(
      t.url,
      "SELECT reason FROM audit_log WHERE action = 'wallet.debit' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([{ reason: 'chargeback' }]);
  });

  it('lists by kind and status for admins and own requests for members', async () => {
    const m = await member();
    const other = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    await fundWallet(t.deps, m.id, 'non_working', '5');
    await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: 25 });
    await api('POST', '/withdrawalrequest/add/roiwithdrawal', m.token, { user_id: Number(m.id), amount: 5 });
    const mine = (await api('GET', '/withdrawalrequest/list', m.token)).json();
    expect(mine.total).toBe(2);
    expect((await api('GET', `/withdrawalrequest/by/${m.id}`, other.token)).statusCode).toBe(403);
    const username = mine.withdrawals[0].username;
    const roi = (
      await api('GET', `/withdrawalrequest/list?kind=roi&status=pending&search=${username}`, adminToken)
    ).json();
    expect(roi.withdrawals.map((w: { kind: string }) => w.kind)).toEqual(['roi']);
  });
});
