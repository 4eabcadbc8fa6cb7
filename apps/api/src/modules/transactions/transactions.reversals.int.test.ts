import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { type Tx, transactionsSuite } from './transactions.fixture';

const { s, call, asAdmin, member, fund, balance, manual, reverse } = transactionsSuite();

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
          s.t.url,
          `SELECT coalesce(a.owner_id, 0) AS owner, a.kind, e.amount FROM ledger_entries e
           JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = $1 ORDER BY a.id`,
          [id],
        )
      ).rows;
    expect((await entries(mirror)).map((e) => ({ ...e, amount: -e.amount }))).toEqual(await entries(credit));
    const row = await sqlOn(
      s.t.url,
      'SELECT kind, memo, details, created_by FROM ledger_transactions WHERE id = $1',
      [mirror],
    );
    expect(row.rows[0]).toEqual({
      kind: 'reversal',
      memo: `reversal of transaction ${credit}: paid twice`,
      details: { reverses: String(credit) },
      created_by: s.admin.id,
    });
    const original = (await asAdmin('GET', `/tr/user/${m.id}?status=reversed`)).json().transactions;
    expect(original).toMatchObject([{ transaction_id: credit, status: 'reversed', amount: '30.00000000' }]);
    const audit = await sqlOn(
      s.t.url,
      "SELECT actor_id, after, reason FROM audit_log WHERE action = 'transaction.reverse' AND entity_id = $1",
      [String(credit)],
    );
    expect(audit.rows).toEqual([
      { actor_id: s.admin.id, after: { reversal_id: String(mirror) }, reason: 'paid twice' },
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
    await sqlOn(s.t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
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
      await sqlOn(s.t.url, 'SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
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
      id: s.bronze,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(topup.statusCode).toBe(201);
    const paid = (
      await sqlOn(s.t.url, 'SELECT ledger_transaction_id AS id FROM topups WHERE id = $1', [
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
    const m = await buildMember(s.t.deps);
    const token = await tokenFor(s.t.app, m);
    // an active member with a 1,000 plan (cap 3,000) is paid 12 of direct income through the income engine
    await sqlOn(s.t.url, "UPDATE users SET active_plan = $2, is_active = 'active' WHERE id = $1", [
      m.id,
      parseUnits('1000'),
    ]);
    const { creditIncome } = await import('../income/income.service');
    const key = `test-direct:${randomUUID()}`;
    await s.t.deps.db.transaction().execute((x) =>
      creditIncome(x, s.t.deps.settings, {
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
        await sqlOn(s.t.url, 'SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [key])
      ).rows[0]?.id,
    };
    const me = async () =>
      (await s.t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(token) })).json().singleuser;
    expect((await me()).direct_income).toBe('12.00000000');
    const rev = await call(s.adminToken, 'PATCH', `/transactions/${posted.transactionId}`, {
      status: 'reversed',
      reason: 'paid by mistake',
    });
    expect(rev.statusCode).toBe(200);
    expect(await me()).toMatchObject({ direct_income: '0.00000000', working: '0.00000000' });
    const { totalEarned } = await import('../income/income.service');
    expect(await totalEarned(s.t.deps.db, m.id)).toBe(0n);
    const cached = await sqlOn(s.t.url, 'SELECT total_earned FROM users WHERE id = $1', [m.id]);
    expect(cached.rows[0]?.total_earned).toBe(0n);
  });
});
