import { formatUnits, parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, secondAdmin } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, launchToken, walletsOf } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
const SUPPLY = parseUnits('100000000');

beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, SUPPLY);
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});

/** available + every holding = total supply, and the ledger reconciles. */
async function assertInvariants() {
  const r = await reconcile(t.deps.db);
  expect(r).toMatchObject({ mismatches: [], unbalanced: [] });
  const { rows } = await sqlOn(
    t.url,
    "SELECT (SELECT available_tokens FROM token_config WHERE id = 1) + coalesce((SELECT sum(balance) FROM ledger_accounts WHERE kind = 'token'), 0) AS total",
  );
  expect(BigInt(rows[0]?.total)).toBe(SUPPLY);
}

afterAll(async () => {
  await assertInvariants();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/social-genx${url}`, headers: bearer(token), payload });

async function trader(cash = '1000') {
  const m = await buildMember(t.deps);
  await fundDeposit(t.deps, m.id, cash);
  return { ...m, token: await tokenFor(t.app, m) };
}

describe('token config and quotes', () => {
  it('shows the token facts with data.data', async () => {
    const res = await t.app.inject({ url: '/api/v1/social-genx/config' });
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        symbol: 'SGX',
        current_price: '0.00800000',
        price_multiplier: '1.00000000',
        total_supply: '100000000.00000000',
      },
    });
    expect((await t.app.inject({ url: '/api/v1/social-genx/price/1' })).json().current_price).toBe(
      '0.00800000',
    );
  });
});

describe('buying and selling', () => {
  it('buys at the quoted cost from the deposit wallet, then sells part back, tracking the average price and P&L', async () => {
    const m = await trader('100');
    const quote = (await api('GET', '/quote?side=buy&amount=1000', m.token)).json();
    const buy = await api('POST', '/buy', m.token, {
      token_id: 1,
      amount: '1000',
      user_id: Number(m.id),
      address: '0x0',
      expected_price: quote.price_before,
    });
    expect(buy.statusCode).toBe(200);
    const b = buy.json();
    expect(b).toMatchObject({ success: true, message: 'Trade Successfull!' });
    expect(b.transaction).toMatchObject({
      transaction_type: 'BUY',
      token_amount: '1000.00000000',
      total_amount: quote.total,
      status: 'completed',
    });
    expect(b.transaction.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(b.balance).toMatchObject({
      quantity: '1000.00000000',
      totalInvested: quote.total,
      averageBuyPrice: quote.average_price,
    });
    const cashAfterBuy = parseUnits('100') - parseUnits(quote.total);
    expect(parseUnits((await walletsOf(t.app, m.token, m.id)).deposit)).toBe(cashAfterBuy);

    const sell = (
      await api('POST', '/sell', m.token, { token_id: 1, amount: '400', user_id: Number(m.id) })
    ).json();
    expect(sell.balance.quantity).toBe('600.00000000');
    // selling 40% of the position takes 40% of the cost basis off total invested
    expect(parseUnits(sell.balance.totalInvested)).toBe((parseUnits(quote.total) * 600n + 500n) / 1000n);
    expect(parseUnits((await walletsOf(t.app, m.token, m.id)).deposit)).toBe(
      cashAfterBuy + parseUnits(sell.transaction.total_amount),
    );
    const history = (await api('GET', '/price-history?limit=2', adminToken)).json().data;
    expect(history.map((h: { change_reason: string }) => h.change_reason)).toEqual(['sell', 'buy']);
    // Who traded is for admins (members see no ids: price-history.int.test.ts).
    expect(history[0]).toMatchObject({ transaction_id: sell.transaction.id, user_id: Number(m.id) });
    await assertInvariants();
  });

  it('refuses a buy beyond the balance, a sell beyond the holdings, and trading for another member', async () => {
    const m = await trader('1');
    const poor = await api('POST', '/buy', m.token, { token_id: 1, amount: '1000', user_id: Number(m.id) });
    expect(poor.statusCode).toBe(422);
    const sell = await api('POST', '/sell', m.token, { token_id: 1, amount: '1', user_id: Number(m.id) });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().message).toBe('Insufficient token balance.');
    const other = await trader();
    expect(
      (await api('POST', '/buy', m.token, { token_id: 1, amount: '1', user_id: Number(other.id) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/buy', adminToken, { token_id: 1, amount: '1', user_id: Number(admin.id) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/buy', m.token, { token_id: 1, amount: '0', user_id: Number(m.id) })).statusCode,
    ).toBe(400);
    expect(parseUnits((await walletsOf(t.app, m.token, m.id)).deposit)).toBe(parseUnits('1'));
  });

  it('trades once when the same Idempotency-Key arrives five times at once', async () => {
    const m = await trader();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/social-genx/buy',
          headers: { ...bearer(m.token), 'idempotency-key': `trade-${m.id}-0001` },
          payload: { token_id: 1, amount: '10', user_id: Number(m.id) },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().transaction.id)).size).toBe(1);
    expect((await api('GET', `/holding/${m.id}`, m.token)).json().balance.quantity).toBe('10.00000000');
  });

  it('refuses a trade when the price moved past the slippage limit', async () => {
    const m = await trader();
    const res = await api('POST', '/buy', m.token, {
      token_id: 1,
      amount: '10',
      user_id: Number(m.id),
      expected_price: '0.007',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/price moved/);
  });

  it('keeps supply, ledger and history consistent when many members trade at once', async () => {
    const traders = await Promise.all(Array.from({ length: 12 }, () => trader('500')));
    const before = Number(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM token_price_history')).rows[0]?.n,
    );
    const results = await Promise.all(
      traders.flatMap((m) => [
        api('POST', '/buy', m.token, { token_id: 1, amount: '5000', user_id: Number(m.id) }),
        api('POST', '/buy', m.token, { token_id: 1, amount: '2500', user_id: Number(m.id) }),
      ]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const sells = await Promise.all(
      traders.map((m) =>
        api('POST', '/sell', m.token, { token_id: 1, amount: '3000', user_id: Number(m.id) }),
      ),
    );
    expect(sells.every((r) => r.statusCode === 200)).toBe(true);
    const after = Number(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM token_price_history')).rows[0]?.n,
    );
    expect(after - before).toBe(36);
    // each history row's price follows from its available tokens: no lost update
    const { rows } = await sqlOn(
      t.url,
      'SELECT price, available_tokens FROM token_price_history WHERE transaction_id IS NOT NULL ORDER BY id',
    );
    const cfg = (await sqlOn(t.url, 'SELECT available_tokens, current_price FROM token_config WHERE id = 1'))
      .rows[0];
    expect(BigInt(rows.at(-1)?.available_tokens)).toBe(BigInt(cfg?.available_tokens));
    expect(BigInt(rows.at(-1)?.price)).toBe(BigInt(cfg?.current_price));
    await assertInvariants();
  });
});

describe('trades arriving together (group commit, decision 0047)', () => {
  it('are applied under one hold of the token row, each at its own price and with its own answer', async () => {
    const traders = await Promise.all(Array.from({ length: 6 }, () => trader('500')));
    const [poor, late] = [await trader('0.001'), await trader('500')];
    const results = await Promise.all([
      ...traders.map((m) =>
        api('POST', '/buy', m.token, { token_id: 1, amount: '4000', user_id: Number(m.id) }),
      ),
      api('POST', '/buy', poor.token, { token_id: 1, amount: '4000', user_id: Number(poor.id) }),
      api('POST', '/buy', late.token, {
        token_id: 1,
        amount: '10',
        user_id: Number(late.id),
        expected_price: '0.001',
      }),
    ]);
    expect(results.slice(0, 6).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results[6]?.statusCode).toBe(422);
    expect(results[6]?.json().message).toBe('Insufficient balance.');
    expect(results[7]?.statusCode).toBe(409);
    expect(results[7]?.json().message).toMatch(/price moved/);
    // Each buy paid the curve's price after the one before it: the prices the six were booked at all differ,
    // and they share fewer commits than there are trades (a row's created_at is its transaction's start).
    const { rows } = await sqlOn(
      t.url,
      `SELECT count(DISTINCT price_per_token)::int AS prices, count(DISTINCT created_at)::int AS commits
       FROM token_transactions WHERE user_id = ANY($1::bigint[])`,
      [traders.map((m) => m.id)],
    );
    expect(rows[0]?.prices).toBe(6);
    expect(rows[0]?.commits).toBeLessThan(6);
    // Each answer (read with the batch's other answers, decision 0048) is its own trade and its own holding.
    for (const [i, m] of traders.entries()) {
      const body = results[i]?.json();
      const mine = await sqlOn(
        t.url,
        `SELECT t.id, (SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'token') AS sgx
         FROM token_transactions t WHERE t.user_id = $1`,
        [m.id],
      );
      expect(body.transaction).toMatchObject({ id: Number(mine.rows[0]?.id), user_id: Number(m.id) });
      expect(parseUnits(body.balance.quantity)).toBe(BigInt(mine.rows[0]?.sgx));
    }
    await assertInvariants();
  });
});

describe('manual price update', () => {
  it('is admin-only, needs a reason, is bounded, moves the multiplier once approved, writes history and audit', async () => {
    const m = await trader();
    expect(
      (await api('PUT', '/config', m.token, { token_id: 1, current_price: '0.01', reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await api('PUT', '/config', adminToken, { token_id: 1, current_price: '0.01' })).statusCode).toBe(
      400,
    );
    const current = parseUnits(
      (await t.app.inject({ url: '/api/v1/social-genx/price/1' })).json().current_price,
    );
    // 60% up is past the 50% bound of one update
    const tooFar = await api('PUT', '/config', adminToken, {
      token_id: 1,
      current_price: formatUnits((current * 16n) / 10n),
      reason: 'pump',
    });
    expect(tooFar.statusCode).toBe(422);
    const res = await api('PUT', '/config', adminToken, {
      token_id: 1,
      current_price: '0.012',
      reason: 'listing on exchange',
    });
    // A second admin approves it (decision 0029): then it is the price.
    const approved = await approveWaiting(t.app, res, (await secondAdmin(t.app, t.deps)).token);
    expect(approved).toMatchObject({ kind: 'token_price', status: 'approved' });
    const data = (await t.app.inject({ url: '/api/v1/social-genx/config' })).json().data;
    expect(data.current_price).toBe('0.01200000');
    expect(data.price_multiplier).not.toBe('1.00000000');
    const history = (await api('GET', '/price-history?limit=1', adminToken)).json().data[0];
    expect(history).toMatchObject({
      price: '0.01200000',
      user_id: Number(admin.id),
      change_reason: 'manual update by admin: listing on exchange',
    });
    const audit = await sqlOn(t.url, "SELECT reason FROM audit_log WHERE action = 'token.price_update'");
    expect(audit.rows).toEqual([{ reason: 'listing on exchange' }]);
    // the holdings' value follows the new price
    const bought = (
      await api('POST', '/buy', m.token, { token_id: 1, amount: '100', user_id: Number(m.id) })
    ).json();
    expect(parseUnits(bought.balance.currentValue)).toBeGreaterThan(0n);
  });
});

describe('reading transactions and balances', () => {
  it('shows a member their own trades and an admin all, with filters', async () => {
    const m = await trader();
    const other = await trader();
    await api('POST', '/buy', m.token, { token_id: 1, amount: '10', user_id: Number(m.id) });
    const mine = (await api('GET', `/transactions/user/${m.id}`, m.token)).json().data;
    expect(mine).toHaveLength(1);
    expect((await api('GET', `/transactions/user/${other.id}`, m.token)).statusCode).toBe(403);
    expect((await api('GET', '/transactions', m.token)).statusCode).toBe(403);
    const sells = (await api('GET', '/transactions?transaction_type=SELL&limit=500', adminToken)).json().data;
    expect(sells.every((x: { transaction_type: string }) => x.transaction_type === 'SELL')).toBe(true);
    const addr = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, addr]);
    expect((await api('GET', `/balance/${addr}`, m.token)).json().balance.quantity).toBe('10.00000000');
    expect((await api('GET', `/balance/${addr}`, other.token)).statusCode).toBe(403);
  });
});

describe('quotes and lookups', () => {
  it('refuses a zero quote and a sell quote above the member’s holdings, and 404s an unknown member', async () => {
    const m = await trader();
    const zero = await api('GET', '/quote?side=buy&amount=0', m.token);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Enter an amount above 0.');
    const sell = await api('GET', '/quote?side=sell&amount=1', m.token);
    expect(sell.statusCode).toBe(422);
    expect(sell.json().message).toBe('Insufficient token balance.');
    expect((await api('GET', '/holding/999999', adminToken)).statusCode).toBe(404);
    expect((await api('GET', '/transactions/user/999999', adminToken)).statusCode).toBe(404);
  });

  it('lets an admin set the contract address (checksummed, audited)', async () => {
    const bad = await api('PUT', '/contract', adminToken, {
      token_id: 1,
      contract_address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      reason: 'deployed',
    });
    expect(bad.statusCode).toBe(400);
    const ok = await api('PUT', '/contract', adminToken, {
      token_id: 1,
      contract_address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      reason: 'deployed on BSC',
    });
    expect(ok.json().data.contract_address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const m = await trader();
    expect(
      (
        await api('PUT', '/contract', m.token, {
          token_id: 1,
          contract_address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});
