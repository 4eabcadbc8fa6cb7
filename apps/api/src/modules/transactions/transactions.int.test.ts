import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { type Tx, transactionsSuite } from './transactions.fixture';

const { s, call, asAdmin, member, fund, balance, manual, reverse, sponsorWithIncome } = transactionsSuite();

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
      s.t.url,
      "SELECT actor_id, action, after, reason FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: s.admin.id,
        action: 'wallet.credit',
        after: {
          wallet: 'working',
          amount: '40.00000000',
          transaction_id: String(credit.json().transaction_id),
        },
        reason: 'contest prize',
      },
      {
        actor_id: s.admin.id,
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
      s.t.url,
      'SELECT kind, memo, created_by FROM ledger_transactions WHERE id = $1',
      [debit.json().transaction_id],
    );
    expect(ledger.rows[0]).toEqual({
      kind: 'adjustment',
      memo: 'manual debit: overpaid',
      created_by: s.admin.id,
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
    const toAdmin = await manual(s.admin, 'credit', '10');
    expect(toAdmin.statusCode).toBe(404);
    const audits = await sqlOn(
      s.t.url,
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
    // A transfer is found by either party's username or its id; across the ledger its generated memo is not read
    // (decision 0085), while a member's own list reads every memo.
    const transfer = all.transactions[0]?.transaction_id;
    const memoText = encodeURIComponent(`from member ${m.id} to member ${friend.id}`);
    const ids = async (url: string, token?: string) => {
      const res = token ? await call(token, 'GET', url) : await asAdmin('GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.json().transactions.map((r: Tx) => r.transaction_id);
    };
    expect(await ids(`/tr/all?search=${friend.username}`)).toEqual([transfer]);
    // (other transactions may hold the id's digits in a username or memo)
    expect((await ids(`/tr/all?search=${transfer}`)).filter((x: number) => x === transfer)).toHaveLength(2);
    expect(await ids(`/tr/all?search=${memoText}`)).toEqual([]);
    expect(await ids(`/tr/user/${m.id}?search=${memoText}`, m.token)).toEqual([transfer]);
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
