import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoAdmins } from '../../../test/approvals';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet } from '../../../test/money';

/**
 * Decision 0054: a withdrawal is paid one way only. Where a chain of its network has a payout contract, completing
 * it approves it for a batch under "Pay on chain"; elsewhere the operator sends it by hand and marks it paid. The
 * admin rows say which (`payout_method`), the decision carries the way the screen showed, and the server refuses a
 * completion paid the other way, also when a second admin approves it after the chain settings changed, and never
 * gives a payout on chain to a withdrawal already paid by hand.
 */
let t: TestApp;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ tokenA, tokenB } = await twoAdmins(t.app, t.deps));
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

const CONTRACT = `0x${'ab'.repeat(20)}`;
/** A payout contract on BNB Smart Chain (EVM) or none; TRON never has one here. */
const evmContract = (on: boolean) =>
  sqlOn(t.url, 'UPDATE chain_settings SET payout_contract = $1 WHERE chain_id = 56', [on ? CONTRACT : null]);

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function asked(amount: string, network: 'BEP20' | 'TRC20' = 'BEP20') {
  const m = await buildMember(t.deps);
  const address = network === 'BEP20' ? `0x${randomBytes(20).toString('hex')}` : TRON_ADDRESS;
  await sqlOn(t.url, `UPDATE users SET ${network === 'BEP20' ? 'bep20' : 'trc20'} = $2 WHERE id = $1`, [
    m.id,
    address,
  ]);
  await fundWallet(t.deps, m.id, 'working', amount);
  const token = await tokenFor(t.app, m);
  const res = await api('POST', '/withdrawalrequest/add', token, {
    user_id: Number(m.id),
    amount,
    currency: network,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().withdrawal.id as number, userId: Number(m.id), token };
}

const complete = (w: { id: number; userId: number }, token: string, method?: 'chain' | 'hand') =>
  api('PUT', `/withdrawalrequest/${w.id}`, token, {
    status: 'complete',
    user_id: w.userId,
    ...(method === undefined ? {} : { payout_method: method }),
  });

/** The withdrawal as the admins' list shows it. */
async function adminRow(w: { id: number; userId: number }) {
  const res = await api('GET', `/withdrawalrequest/by/${w.userId}?status=`, tokenA);
  expect(res.statusCode).toBe(200);
  return (res.json().withdrawals as { id: number }[]).find((r) => r.id === w.id) as Record<string, unknown>;
}

const state = async (w: { id: number }) => {
  const r = await sqlOn(
    t.url,
    `SELECT w.status,
            (SELECT count(*)::int FROM payouts WHERE withdrawal_id = w.id) AS payouts,
            (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key = 'withdrawal-complete:' || w.id)
              AS completions
       FROM withdrawals w WHERE w.id = $1`,
    [w.id],
  );
  return r.rows[0] as { status: string; payouts: number; completions: number };
};

const ON_CHAIN =
  'This withdrawal is paid on chain: approve it and pay it in a batch under Pay on chain. Do not send it by hand.';
const BY_HAND = 'No payout contract is set for this network: send the payout by hand, then mark it as paid.';

describe('how a withdrawal is paid', () => {
  it('the admin rows say it: on chain where the network has a payout contract, by hand elsewhere; members see null', async () => {
    await evmContract(true);
    try {
      const evm = await asked('30');
      const tron = await asked('30', 'TRC20');
      expect(await adminRow(evm)).toMatchObject({ payout_method: 'chain' });
      expect(await adminRow(tron)).toMatchObject({ payout_method: 'hand' });
      const own = await api('GET', '/withdrawalrequest/list', evm.token);
      expect(own.json().withdrawals[0]).toMatchObject({ id: evm.id, payout_method: null });
      // The CSV export says it too, after the payout's columns.
      const csv = await api('GET', '/withdrawalrequest/list?format=csv&status=pending', tokenA);
      expect(csv.body.split('\n')[0]).toMatch(/"payout_tx_hash","payout_method"\r?$/);
    } finally {
      await evmContract(false);
    }
  });

  it('on chain: marking it paid by hand is refused and nothing changes; approving queues one payout', async () => {
    await evmContract(true);
    try {
      const w = await asked('40');
      const byHand = await complete(w, tokenA, 'hand');
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json().message).toBe(ON_CHAIN);
      expect(await state(w)).toEqual({ status: 'pending', payouts: 0, completions: 0 });

      const approved = await complete(w, tokenA, 'chain');
      expect(approved.statusCode).toBe(200);
      expect(approved.json().withdrawal).toMatchObject({
        status: 'pending',
        payout_method: 'chain',
        payout: { status: 'approved' },
      });
      // Its payout waits: it can no longer be marked paid by hand, whatever the settings say now.
      await evmContract(false);
      expect(await adminRow(w)).toMatchObject({ payout_method: 'chain' });
      const late = await complete(w, tokenA, 'hand');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(ON_CHAIN);
      expect(await state(w)).toEqual({ status: 'pending', payouts: 1, completions: 0 });
    } finally {
      await evmContract(false);
    }
  });

  it('by hand: approving it for a payout on chain is refused; marking it paid completes it once', async () => {
    const w = await asked('50', 'TRC20');
    const onChain = await complete(w, tokenA, 'chain');
    expect(onChain.statusCode).toBe(409);
    expect(onChain.json().message).toBe(BY_HAND);
    expect(await state(w)).toEqual({ status: 'pending', payouts: 0, completions: 0 });

    const paid = await complete(w, tokenA, 'hand');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().withdrawal).toMatchObject({ status: 'complete', payout_method: 'hand', payout: null });
    expect(await state(w)).toEqual({ status: 'complete', payouts: 0, completions: 1 });
  });

  it('a withdrawal paid by hand never gets a payout on chain once a contract is set', async () => {
    const w = await asked('25');
    expect((await complete(w, tokenA, 'hand')).statusCode).toBe(200);
    await evmContract(true);
    try {
      const again = await complete(w, tokenA);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only pending withdrawals can change.');
      expect(await state(w)).toEqual({ status: 'complete', payouts: 0, completions: 1 });
      expect(await adminRow(w)).toMatchObject({ payout_method: 'hand' });
    } finally {
      await evmContract(false);
    }
  });

  it('a completion waiting for a second admin is paid the way it was asked, or refused on approval', async () => {
    // Asked by hand (no contract), then a payout contract is set before the second admin approves.
    const w = await asked('1500');
    const waiting = await complete(w, tokenA, 'hand');
    expect(waiting.statusCode).toBe(202);
    await evmContract(true);
    try {
      const approval = waiting.json().approval.id as number;
      const approved = await api('POST', `/admin/approvals/${approval}/approve`, tokenB, {});
      expect(approved.statusCode).toBe(409);
      expect(approved.json().message).toBe(ON_CHAIN);
      expect(await state(w)).toEqual({ status: 'pending', payouts: 0, completions: 0 });

      // Asked for a payout on chain, then the contract is removed: the second admin cannot mark it paid unpaid.
      const w2 = await asked('1500');
      const waiting2 = await complete(w2, tokenA, 'chain');
      expect(waiting2.statusCode).toBe(202);
      await evmContract(false);
      const approved2 = await api(
        'POST',
        `/admin/approvals/${waiting2.json().approval.id}/approve`,
        tokenB,
        {},
      );
      expect(approved2.statusCode).toBe(409);
      expect(approved2.json().message).toBe(BY_HAND);
      expect(await state(w2)).toEqual({ status: 'pending', payouts: 0, completions: 0 });
    } finally {
      await evmContract(false);
    }
  });
});
