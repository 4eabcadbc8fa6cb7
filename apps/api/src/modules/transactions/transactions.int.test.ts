import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
let bronze: number;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  const res = await asAdmin('POST', '/plans/add', {
    name: 'Bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  bronze = res.json().plan.id;
});
afterAll(async () => {
  const recon = await asAdmin('GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(adminToken, method, url, payload, headers);

type Member = Built & { token: string; username: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  const username = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id])).rows[0]?.username;
  return { ...m, username, token: await tokenFor(t.app, m) };
};

const fund = (who: bigint, amount: string) =>
  t.deps.db.transaction().execute((tx) =>
    post(tx, {
      key: `test-fund:${randomUUID()}`,
      kind: 'deposit',
      memberId: who,
      memo: 'test deposit',
      entries: [
        { account: { owner: who, kind: 'deposit' }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
      ],
    }),
  );

const balance = async (who: bigint, kind = 'deposit'): Promise<bigint> =>
  ((await sqlOn(t.url, 'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2', [who, kind]))
    .rows[0]?.balance as bigint | undefined) ?? 0n;

const manual = (
  m: Built | number,
  direction: 'credit' | 'debit',
  amount: string,
  wallet = 'deposit',
  reason = 'support ticket 42',
  key = randomUUID(),
) =>
  asAdmin(
    'POST',
    '/tr/create',
    { user_id: typeof m === 'number' ? m : Number(m.id), amount, direction, wallet, reason },
    { 'idempotency-key': key },
  );

const reverse = (id: number, reason = 'posted by mistake') =>
  asAdmin('PATCH', `/transactions/${id}`, { status: 'reversed', reason });

type Tx = {
  transaction_id: number;
  user_id: number;
  transaction_type: string;
  source: string;
  amount: string;
  wallet: string;
  status: string;
};

/** A sponsor whose direct bought a 100 plan: 5 of direct income on working. */
const sponsorWithIncome = async () => {
  const sponsor = await member();
  await fund(sponsor.id, '100');
  expect(
    (
      await call(sponsor.token, 'POST', '/topup/add', {
        id: bronze,
        userby_id: Number(sponsor.id),
        userto_id: Number(sponsor.id),
      })
    ).statusCode,
  ).toBe(201);
  const direct = await member(sponsor);
  await fund(direct.id, '100');
  expect(
    (
      await call(direct.token, 'POST', '/topup/add', {
        id: bronze,
        userby_id: Number(direct.id),
        userto_id: Number(direct.id),
      })
    ).statusCode,
  ).toBe(201);
  return { sponsor, direct };
};

describe('income tables', () => {
  it('lists one income type by table_name (admin), and a member their own only', async () => {
    const { sponsor } = await sponsorWithIncome();
    const other = await sponsorWithIncome();
    const list = await asAdmin('POST', '/tr/list', { table_name: 'direct_transaction', limit: 100 });
    expect(list.statusCode).toBe(200);
    const rows: Tx[] = list.json().transactions;
    expect(rows.map((r) => r.user_id)).toEqual(
      expect.arrayContaining([Number(sponsor.id), Number(other.sponsor.id)]),
    );
    for (const r of rows)
      expect(r).toMatchObject({
        source: 'direct_income',
        transaction_type: 'credit',
        wallet: 'working',
        amount: '5.00000000',
      });
    expect((await asAdmin('POST', '/tr/list', { table_name: 'roi_transaction' })).json().total).toBe(0);

    const bad = await asAdmin('POST', '/tr/list', { table_name: 'users; drop table users' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.table_name).toEqual(['Unknown table_name.']);
    expect((await asAdmin('POST', '/tr/list', {})).statusCode).toBe(400);
    expect(
      (await call(sponsor.token, 'POST', '/tr/list', { table_name: 'direct_transaction' })).statusCode,
    ).toBe(403);

    const own = await call(sponsor.token, 'POST', `/tr/tr/${sponsor.id}`, {
      table_name: 'direct_transaction',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().transactions.map((r: Tx) => r.user_id)).toEqual([Number(sponsor.id)]);
    const theirs = await call(sponsor.token, 'POST', `/tr/tr/${other.sponsor.id}`, {
      table_name: 'direct_transaction',
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain(other.sponsor.username);
    const byAdmin = await asAdmin('POST', `/tr/tr/${other.sponsor.id}`, { table_name: 'direct_transaction' });
    expect(byAdmin.json().transactions.map((r: Tx) => r.user_id)).toEqual([Number(other.sponsor.id)]);
    expect((await call(sponsor.token, 'POST', `/tr/tr/${sponsor.id}`, { table_name: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('sums credits per source and month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const find = async () =>
      (await asAdmin('GET', `/tr/matrix?month=${month}`))
        .json()
        .matrix.find((r: { source: string }) => r.source === 'adjustment') ?? {
        total: '0.00000000',
        count: 0,
      };
    const before = await find();
    const m = await member();
    expect((await manual(m, 'credit', '12.5')).statusCode).toBe(201);
    expect((await manual(m, 'credit', '0.25', 'working')).statusCode).toBe(201);
    const after = await find();
    expect(parseUnits(after.total) - parseUnits(before.total)).toBe(parseUnits('12.75'));
    expect(after.count - before.count).toBe(2);
    expect(after.month).toBe(month);
    const all = (await asAdmin('GET', '/tr/matrix')).json().matrix;
    expect(all.every((r: { month: string }) => /^\d{4}-\d{2}$/.test(r.month))).toBe(true);
    expect((await asAdmin('GET', '/tr/matrix?month=2020-01')).json().matrix).toEqual([]);
    expect((await asAdmin('GET', '/tr/matrix?month=May')).statusCode).toBe(400);
    expect((await call(m.token, 'GET', '/tr/matrix')).statusCode).toBe(403);
  });
});

describe('manual transactions', () => {
  it('credits and debits a member wallet with a reason, audited, once per Idempotency-Key', async () => {
    const m = await member();
    const key = randomUUID();
    const credit = await manual(m, 'credit', '40', 'working', 'contest prize', key);
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({
      message: 'Transaction created',
      transaction_id: expect.any(Number),
    });
    const again = await manual(m, 'credit', '40', 'working', 'contest prize', key);
    expect(again.json().transaction_id).toBe(credit.json().transaction_id);
    expect(await balance(m.id, 'working')).toBe(parseUnits('40'));

    const debit = await manual(m, 'debit', '15.5', 'working', 'overpaid');
    expect(debit.statusCode).toBe(201);
    expect(await balance(m.id, 'working')).toBe(parseUnits('24.5'));

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, action, after, reason FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.id,
        action: 'wallet.credit',
        after: {
          wallet: 'working',
          amount: '40.00000000',
          transaction_id: String(credit.json().transaction_id),
        },
        reason: 'contest prize',
      },
      {
        actor_id: admin.id,
        action: 'wallet.debit',
        after: {
          wallet: 'working',
          amount: '15.50000000',
          transaction_id: String(debit.json().transaction_id),
        },
        reason: 'overpaid',
      },
    ]);
    const ledger = await sqlOn(
      t.url,
      'SELECT kind, memo, created_by FROM ledger_transactions WHERE id = $1',
      [debit.json().transaction_id],
    );
    expect(ledger.rows[0]).toEqual({
      kind: 'adjustment',
      memo: 'manual debit: overpaid',
      created_by: admin.id,
    });
  });

  it('refuses a debit beyond the balance, an unknown member, bad input and members', async () => {
    const m = await member();
    await fund(m.id, '10');
    const over = await manual(m, 'debit', '10.00000001');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Insufficient balance.');
    expect(await balance(m.id)).toBe(parseUnits('10'));
    const unknown = await manual(999999, 'credit', '10');
    expect(unknown.statusCode).toBe(404);
    const toAdmin = await manual(admin, 'credit', '10');
    expect(toAdmin.statusCode).toBe(404);
    const audits = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'user' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audits.rows[0]?.n).toBe(0);

    const bad = await asAdmin('POST', '/tr/create', {
      user_id: Number(m.id),
      amount: '-1',
      direction: 'sideways',
      wallet: 'token',
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details).sort()).toEqual(['amount', 'direction', 'reason', 'wallet']);
    const byMember = await call(m.token, 'POST', '/tr/create', {
      user_id: Number(m.id),
      amount: '1000',
      direction: 'credit',
      wallet: 'deposit',
      reason: 'free money',
    });
    expect(byMember.statusCode).toBe(403);
    expect(await balance(m.id)).toBe(parseUnits('10'));
  });
});

describe('reading transactions', () => {
  it('filters all transactions by type, source, status and text, a page at a time', async () => {
    const m = await member();
    const friend = await member();
    await fund(m.id, '100');
    const adj = (await manual(m, 'credit', '5', 'deposit', 'goodwill')).json().transaction_id;
    expect((await manual(m, 'debit', '3', 'deposit', 'fee correction')).statusCode).toBe(201);
    expect(
      (
        await call(m.token, 'POST', '/transfer/touser', {
          user_id: Number(m.id),
          userto_id: Number(friend.id),
          amount: '10',
        })
      ).statusCode,
    ).toBe(201);
    const q = async (query: string) => {
      const res = await asAdmin('GET', `/tr/all?search=${m.username}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { transactions: Tx[]; total: number; totalPages: number; currentPage: number };
    };
    const all = await q('');
    expect(all.total).toBe(4);
    expect(all.transactions.map((r) => [r.source, r.transaction_type, r.amount])).toEqual([
      ['transfer', 'debit', '10.00000000'],
      ['adjustment', 'debit', '3.00000000'],
      ['adjustment', 'credit', '5.00000000'],
      ['deposit', 'credit', '100.00000000'],
    ]);
    expect(all.transactions.every((r) => r.user_id === Number(m.id) && r.wallet === 'deposit')).toBe(true);
    expect((await q('transaction_type=credit')).transactions.map((r) => r.amount)).toEqual([
      '5.00000000',
      '100.00000000',
    ]);
    expect((await q('transaction_type=debit')).total).toBe(2);
    expect((await q('source=adjustment')).transactions.map((r) => r.transaction_type)).toEqual([
      'debit',
      'credit',
    ]);
    expect((await q('source=adjustment&transaction_type=credit')).total).toBe(1);
    expect((await q('status=completed')).total).toBe(4);
    expect((await q('status=reversed')).total).toBe(0);
    const page2 = await q('limit=3&page=2');
    expect(page2).toMatchObject({ total: 4, totalPages: 2, currentPage: 2 });
    expect(page2.transactions.map((r) => r.source)).toEqual(['deposit']);
    const page3 = await q('limit=3&page=3');
    expect(page3).toMatchObject({ total: 4, totalPages: 2, currentPage: 3, transactions: [] });

    // A reversal marks the original and adds its mirror.
    expect((await reverse(adj)).statusCode).toBe(200);
    const reversed = await q('status=reversed');
    expect(reversed.transactions).toMatchObject([
      { transaction_id: adj, source: 'adjustment', amount: '5.00000000', status: 'reversed' },
    ]);
    expect((await q('source=reversal')).transactions).toMatchObject([
      { transaction_type: 'debit', amount: '5.00000000', status: 'completed' },
    ]);
    const byMemo = (await asAdmin('GET', '/tr/all?search=goodwill')).json();
    expect(byMemo.transactions.map((r: Tx) => r.transaction_id)).toContain(adj);
    const byId = (await asAdmin('GET', `/tr/all?search=${adj}`)).json();
    expect(byId.transactions.map((r: Tx) => r.transaction_id)).toContain(adj);
    const csv = await asAdmin('GET', `/tr/all?search=${m.username}&format=csv&source=adjustment`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"transaction_id","user_id","username","transaction_type","source","amount"/);
    expect(lines).toHaveLength(3);
    expect((await asAdmin('GET', '/tr/all?limit=101')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/tr/all?transaction_type=both')).statusCode).toBe(400);
    expect((await call(m.token, 'GET', '/tr/all')).statusCode).toBe(403);
  });

  it('shows a member their own transactions, wallets and details, never another’s', async () => {
    const m = await member();
    const other = await member();
    await fund(m.id, '80');
    await fund(other.id, '1');
    expect((await manual(m, 'credit', '7', 'non_working')).statusCode).toBe(201);
    expect((await manual(m, 'debit', '30', 'deposit')).statusCode).toBe(201);

    const list = await call(m.token, 'GET', `/tr/user/${m.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().transactions.every((r: Tx) => r.user_id === Number(m.id))).toBe(true);
    const credits = (await call(m.token, 'GET', `/tr/user/${m.id}?transaction_type=credit`)).json();
    expect(credits.transactions.map((r: Tx) => [r.wallet, r.amount])).toEqual([
      ['non_working', '7.00000000'],
      ['deposit', '80.00000000'],
    ]);
    expect((await asAdmin('GET', `/tr/user/${m.id}`)).json().total).toBe(3);

    const wallet = await call(m.token, 'GET', `/tr/wallet/${m.id}`);
    expect(wallet.json()).toEqual({
      wallets: {
        deposit: '50.00000000',
        working: '0.00000000',
        non_working: '7.00000000',
        compound: '0.00000000',
        pending_withdrawals: '0.00000000',
        held: '0.00000000',
      },
      active_plan: '0.00000000',
      ledger_total: '57.00000000',
    });
    const details = await call(m.token, 'GET', `/transactions/user/${m.id}/details`);
    expect(details.json()).toEqual({
      user_id: Number(m.id),
      by_source: [
        { source: 'adjustment', credits: '7.00000000', debits: '30.00000000', count: 2 },
        { source: 'deposit', credits: '80.00000000', debits: '0.00000000', count: 1 },
      ],
      wallets: wallet.json().wallets,
    });
    expect((await asAdmin('GET', `/tr/wallet/${m.id}`)).json()).toEqual(wallet.json());

    for (const url of [
      `/tr/user/${other.id}`,
      `/tr/wallet/${other.id}`,
      `/transactions/user/${other.id}/details`,
    ]) {
      const res = await call(m.token, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('1.00000000');
    }
    expect((await asAdmin('GET', '/tr/wallet/999999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/transactions/user/999999/details')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/tr/wallet/${m.id}`)).statusCode).toBe(401);
  });
});

describe('reversals', () => {
  it('posts a mirror transaction, once, audited; the original stays and shows as reversed', async () => {
    const m = await member();
    await fund(m.id, '10');
    const credit = (await manual(m, 'credit', '30', 'deposit', 'duplicate payment')).json().transaction_id;
    expect(await balance(m.id)).toBe(parseUnits('40'));
    const res = await reverse(credit, 'paid twice');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Transaction reversed');
    const mirror = res.json().transaction_id;
    expect(mirror).not.toBe(credit);
    expect(await balance(m.id)).toBe(parseUnits('10'));
    const entries = async (id: number) =>
      (
        await sqlOn(
          t.url,
          `SELECT coalesce(a.owner_id, 0) AS owner, a.kind, e.amount FROM ledger_entries e
           JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = $1 ORDER BY a.id`,
          [id],
        )
      ).rows;
    expect((await entries(mirror)).map((e) => ({ ...e, amount: -e.amount }))).toEqual(await entries(credit));
    const row = await sqlOn(
      t.url,
      'SELECT kind, memo, details, created_by FROM ledger_transactions WHERE id = $1',
      [mirror],
    );
    expect(row.rows[0]).toEqual({
      kind: 'reversal',
      memo: `reversal of transaction ${credit}: paid twice`,
      details: { reverses: String(credit) },
      created_by: admin.id,
    });
    const original = (await asAdmin('GET', `/tr/user/${m.id}?status=reversed`)).json().transactions;
    expect(original).toMatchObject([{ transaction_id: credit, status: 'reversed', amount: '30.00000000' }]);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, after, reason FROM audit_log WHERE action = 'transaction.reverse' AND entity_id = $1",
      [String(credit)],
    );
    expect(audit.rows).toEqual([
      { actor_id: admin.id, after: { reversal_id: String(mirror) }, reason: 'paid twice' },
    ]);

    const twice = await reverse(credit);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This transaction was already reversed.');
    expect((await reverse(mirror)).statusCode).toBe(422);
    expect(await balance(m.id)).toBe(parseUnits('10'));
    expect((await reverse(999999)).statusCode).toBe(404);
    const noReason = await asAdmin('PATCH', `/transactions/${credit}`, { status: 'reversed' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.reason).toBeDefined();
    expect(
      (await asAdmin('PATCH', `/transactions/${credit}`, { status: 'completed', reason: 'undo' })).statusCode,
    ).toBe(400);
    expect(
      (await call(m.token, 'PATCH', `/transactions/${credit}`, { status: 'reversed', reason: 'mine' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses to reverse money the member has already spent', async () => {
    const m = await member();
    const friend = await member();
    const credit = (await manual(m, 'credit', '20')).json().transaction_id;
    expect(
      (
        await call(m.token, 'POST', '/transfer/touser', {
          user_id: Number(m.id),
          userto_id: Number(friend.id),
          amount: '15',
        })
      ).statusCode,
    ).toBe(201);
    const res = await reverse(credit);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient balance.');
    expect(await balance(m.id)).toBe(parseUnits('5'));
    const rows = (await asAdmin('GET', `/tr/user/${m.id}`)).json().transactions;
    expect(rows.find((r: Tx) => r.transaction_id === credit)?.status).toBe('completed');
  });

  it('refuses to reverse a withdrawal hold, which would pay the member twice when the request is declined', async () => {
    const m = await member();
    // A payout address set before (no change row, so no hold): this test is not about changing it.
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
      m.id,
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]);
    expect((await manual(m, 'credit', '100', 'working')).statusCode).toBe(201);
    const req = await call(m.token, 'POST', '/withdrawalrequest/add', {
      user_id: Number(m.id),
      amount: '50',
    });
    expect(req.statusCode).toBe(201);
    const w = req.json().withdrawal;
    const hold = (
      await sqlOn(t.url, 'SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
        `withdrawal-hold:${w.id}`,
      ])
    ).rows[0]?.id;
    const res = await reverse(Number(hold));
    expect(res.statusCode).toBe(422);
    expect(await balance(m.id, 'working')).toBe(parseUnits('50'));
    const decline = await asAdmin('PUT', `/withdrawalrequest/${w.id}`, {
      status: 'decline',
      user_id: Number(m.id),
    });
    expect(decline.statusCode).toBe(200);
    expect(await balance(m.id, 'working')).toBe(parseUnits('100'));
  });

  it('refuses to reverse a top-up, which would leave the plan paid for by nobody', async () => {
    const m = await member();
    await fund(m.id, '100');
    const topup = await call(m.token, 'POST', '/topup/add', {
      id: bronze,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(topup.statusCode).toBe(201);
    const paid = (
      await sqlOn(t.url, 'SELECT ledger_transaction_id AS id FROM topups WHERE id = $1', [
        topup.json().topup.id,
      ])
    ).rows[0]?.id;
    const res = await reverse(Number(paid));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/plan/);
    expect(await balance(m.id)).toBe(0n);
    expect((await call(m.token, 'GET', `/users/${m.id}`)).json().singleuser.active_plan).toBe('100.00000000');
  });
});

describe('reversing income', () => {
  it('takes reversed income off the member’s income totals, so the cap room comes back too', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    // an active member with a 1,000 plan (cap 3,000) is paid 12 of direct income through the income engine
    await sqlOn(t.url, "UPDATE users SET active_plan = $2, is_active = 'active' WHERE id = $1", [
      m.id,
      parseUnits('1000'),
    ]);
    const { creditIncome } = await import('../income/income.service');
    const key = `test-direct:${randomUUID()}`;
    await t.deps.db.transaction().execute((x) =>
      creditIncome(x, t.deps.settings, {
        userId: m.id,
        type: 'direct_income',
        amount: parseUnits('12'),
        causeKey: key,
        wallet: 'working',
        feature: 'direct',
        why: { rule: 'test' },
      }),
    );
    const posted = {
      transactionId: (
        await sqlOn(t.url, 'SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [key])
      ).rows[0]?.id,
    };
    const me = async () =>
      (await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(token) })).json().singleuser;
    expect((await me()).direct_income).toBe('12.00000000');
    const rev = await call(adminToken, 'PATCH', `/transactions/${posted.transactionId}`, {
      status: 'reversed',
      reason: 'paid by mistake',
    });
    expect(rev.statusCode).toBe(200);
    expect(await me()).toMatchObject({ direct_income: '0.00000000', working: '0.00000000' });
    const { totalEarned } = await import('../income/income.service');
    expect(await totalEarned(t.deps.db, m.id)).toBe(0n);
    const cached = await sqlOn(t.url, 'SELECT total_earned FROM users WHERE id = $1', [m.id]);
    expect(cached.rows[0]?.total_earned).toBe(0n);
  });
});
