import { batchPayCalldata } from '@sgx/chain';
import { parseUnits as platform } from '@sgx/money';
import { type Address, type Hex, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { approveWaiting } from '../../../test/approvals';
import { sqlOn } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';
import { OPERATOR, payoutFixture, payoutSuite } from './payouts.fixture';
import { reconcilePayoutsOnChain } from './payouts.reconcile';

/**
 * Decision 0034: approved withdrawals wait as payouts, an admin with a second factor prepares a batch, the operator's
 * wallet pays it through the BatchPayout contract, and the server verifies every Transfer against every payout
 * before completing each withdrawal once with the transaction (decision 0034). Real anvil, real PostgreSQL.
 */
const s = payoutSuite();
type W = Awaited<ReturnType<typeof f.approvedWithdrawal>>;
const f = payoutFixture(s);

type Batch = {
  id: number;
  status: string;
  to: string;
  data: string;
  raw_total: string;
  tx_hash: string | null;
  failure: string | null;
  deadline: string;
  items: {
    withdrawal_id: number;
    status: string;
    failure: string | null;
    raw_amount: string;
    address: string;
  }[];
};

const { prepare, payoutOf } = f;
const submit = async (id: number, hash: string) => {
  const res = await f.api('POST', `/payouts/batches/${id}/transaction`, s.admins.tokenA, { hash });
  return { status: res.statusCode, body: res.json() as { message: string; batch: Batch } };
};
describe('payouts on chain', () => {
  it('pays 50 approved payouts in one batch transaction, completes each once with its hash, and never again', async () => {
    const c = s.chains.bsc;
    const ws = [];
    for (let i = 0; i < 50; i++) ws.push(await f.approvedWithdrawal(String(20 + (i % 7))));
    // Approved: still pending for the spec, its payout waiting, the money held.
    const first = await payoutOf(ws[0] as W);
    expect(first).toMatchObject({ status: 'pending', payout: { status: 'approved', tx_hash: null } });
    const queue = (await f.api('GET', '/payouts/queue?network=EVM', s.admins.tokenA)).json();
    expect(queue.chains.find((x: { chain_id: number }) => x.chain_id === 56)).toMatchObject({
      verified: true,
    });
    const ids = ws.map((w) => w.id);
    expect(queue.payouts.map((p: { withdrawal_id: number }) => p.withdrawal_id)).toEqual(
      expect.arrayContaining(ids),
    );

    // Only with the admin's second factor.
    const noCode = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: 56,
      withdrawal_ids: ids,
    });
    expect(noCode.statusCode).toBe(400);
    const batch = await prepare(56, ids);
    expect(batch.items).toHaveLength(50);
    expect(batch.to.toLowerCase()).toBe(s.contract.toLowerCase());
    expect(BigInt(batch.raw_total)).toBe(ws.reduce((sum, w) => sum + parseUnits(w.net, c.decimals), 0n));
    // A payout in a batch cannot go into another one, nor be cancelled by its member.
    const again = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: 56,
      withdrawal_ids: [ids[0]],
      code: f.code(),
    });
    expect(again.statusCode).toBe(409);
    const cancel = await f.api('DELETE', `/withdrawalrequest/${ws[0]?.id}`, ws[0]?.token ?? '');
    expect(cancel.statusCode).toBe(409);

    await f.allow(c, BigInt(batch.raw_total));
    const hash = await f.send(c, batch.to, batch.data);
    const sent = await submit(batch.id, hash);
    expect(sent.status).toBe(200);
    expect(sent.body.batch.status).toBe('sent');
    expect(await f.completions(ids)).toBe(0);
    expect((await payoutOf(ws[1] as W)).payout).toMatchObject({
      status: 'sending',
      tx_hash: hash,
      chain_id: 56,
    });

    await f.confirm(c);
    // Three verifications at once (two job rounds and the admin's page): each withdrawal completes once.
    const { chainPayouts } = s.t.deps;
    await Promise.all([
      chainPayouts.checkOpen(),
      chainPayouts.checkOpen(),
      chainPayouts.verifier.check(BigInt(batch.id)),
    ]);
    const paid = (await f.api('GET', `/payouts/batches/${batch.id}`, s.admins.tokenA)).json().batch as Batch;
    expect(paid.status).toBe('paid');
    expect(paid.items.every((i) => i.status === 'paid')).toBe(true);
    expect(await f.completions(ids)).toBe(50);
    for (const w of ws) {
      expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
      const seen = await payoutOf(w);
      expect(seen.status).toBe('complete');
      expect(seen.payout).toMatchObject({ status: 'paid', tx_hash: hash, chain_id: 56 });
    }

    // A second verification of the same hash, and the job again, change nothing.
    const twice = await submit(batch.id, hash);
    expect(twice.status).toBe(409);
    await s.t.deps.chainPayouts.checkOpen();
    await s.t.deps.chainPayouts.verifier.check(BigInt(batch.id));
    expect(await f.completions(ids)).toBe(50);
    const { rows } = await sqlOn(
      s.t.url,
      `SELECT count(*)::int AS n, count(DISTINCT log_index)::int AS logs FROM payouts
       WHERE withdrawal_id = ANY($1) AND status = 'paid' AND tx_hash = $2`,
      [ids, hash.slice(2)],
    );
    expect(rows[0]).toEqual({ n: 50, logs: 50 });
    const r = await reconcile(s.t.deps.db);
    expect(r.mismatches).toEqual([]);
    expect(r.payout_mismatches).toEqual([]);
    // The chain agrees, payout by payout; a payout that named another log would be caught.
    const onChain = await reconcilePayoutsOnChain(s.t.deps.db, s.t.deps.chains);
    expect(onChain.mismatches).toEqual([]);
    expect(onChain.checked).toBeGreaterThanOrEqual(50);
    const tamper = (by: number) =>
      sqlOn(s.t.url, 'UPDATE payouts SET log_index = log_index + $2 WHERE withdrawal_id = $1', [ids[0], by]);
    await tamper(1000);
    expect((await reconcilePayoutsOnChain(s.t.deps.db, s.t.deps.chains)).mismatches).toEqual([
      {
        withdrawal_id: String(ids[0]),
        problem: expect.stringMatching(/^log \d+ of 0x[0-9a-f]{64} does not pay/),
      },
    ]);
    await tamper(-1000);
  }, 120_000);

  it('two admins preparing batches of the same payouts at once: one batch holds them, the other is refused', async () => {
    const ws = [await f.approvedWithdrawal('20'), await f.approvedWithdrawal('21')];
    const ids = ws.map((w) => w.id);
    const [a, b] = await Promise.all(
      [ids, [...ids].reverse()].map((withdrawal_ids) =>
        f.api('POST', '/payouts/batches', s.admins.tokenA, {
          chain_id: 56,
          withdrawal_ids,
          code: f.code(),
          payer: OPERATOR.address,
        }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const { rows } = await sqlOn(
      s.t.url,
      'SELECT count(DISTINCT batch_id)::int AS batches, count(*)::int AS items FROM payout_batch_items WHERE withdrawal_id = ANY($1)',
      [ids],
    );
    expect(rows[0]).toEqual({ batches: 1, items: 2 });
  }, 60_000);

  it('completes none of the payouts a transaction pays 1 unit less or to another address, and says which', async () => {
    const c = s.chains.bsc;
    const ws = [
      await f.approvedWithdrawal('30'),
      await f.approvedWithdrawal('40'),
      await f.approvedWithdrawal('50'),
    ];
    const batch = await prepare(
      56,
      ws.map((w) => w.id),
    );
    const [a, b, d] = batch.items;
    if (!a || !b || !d) throw new Error('three items');
    const elsewhere = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    // The same batch reference and deadline (a tampered page would do this), one amount short, one address wrong.
    const data = batchPayCalldata({
      token: c.usdt,
      ref: (await sqlOn(s.t.url, 'SELECT ref FROM payout_batches WHERE id = $1', [batch.id])).rows[0]
        ?.ref as Hex,
      deadline: BigInt(Math.floor(new Date(batch.deadline).getTime() / 1000)),
      to: [a.address as Address, b.address as Address, elsewhere],
      amounts: [BigInt(a.raw_amount), BigInt(b.raw_amount) - 1n, BigInt(d.raw_amount)],
    });
    await f.allow(c, BigInt(batch.raw_total));
    const hash = await f.send(c, batch.to, data);
    await submit(batch.id, hash);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    const done = (await f.api('GET', `/payouts/batches/${batch.id}`, s.admins.tokenA)).json().batch as Batch;
    expect(done.status).toBe('failed');
    expect(done.items.map((i) => i.status)).toEqual(['paid', 'failed', 'failed']);
    expect(done.items[1]?.failure).toMatch(/paid 35\.999999999999999999 USDT instead of 36 USDT/);
    expect(done.items[2]?.failure).toMatch(/paid nothing to this payout's address/);
    expect(done.failure).toMatch(/2 of 3 payouts did not match/);
    expect(await f.completions([ws[0]?.id ?? 0])).toBe(1);
    expect(await f.completions([ws[1]?.id ?? 0, ws[2]?.id ?? 0])).toBe(0);
    const member = await payoutOf(ws[1] as W);
    expect(member.status).toBe('pending');
    expect(member.payout?.status).toBe('failed');
    // The money is still held: not returned to the member while it could leave again.
    const cancel = await f.api('DELETE', `/withdrawalrequest/${ws[1]?.id}`, ws[1]?.token ?? '');
    expect(cancel.statusCode).toBe(409);
    // The contract will never pay this batch again: an admin may retry at once, and pay it in a new batch.
    const retry = await f.api('POST', `/payouts/${ws[1]?.id}/retry`, s.admins.tokenA, {
      reason: 'short by 1 unit',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await payoutOf(ws[1] as W)).payout?.status).toBe('approved');
  }, 60_000);

  it('a reverted batch completes nothing; its payouts wait again only once its deadline passed unpaid', async () => {
    const c = s.chains.bsc;
    const w = await f.approvedWithdrawal('25');
    const batch = await prepare(56, [w.id]);
    await f.allow(c, 0n);
    // No allowance: the contract's transferFrom fails and the whole transaction reverts.
    const hash = await f.send(c, batch.to, batch.data);
    expect(await f.succeeded(c, hash)).toBe(false);
    const sent = await submit(batch.id, hash);
    expect(sent.body.batch.status).toBe('failed');
    expect(sent.body.batch.failure).toMatch(/reverted on chain: nothing was paid/);
    expect(await f.completions([w.id])).toBe(0);
    expect((await payoutOf(w)).payout?.status).toBe('failed');
    // The same calldata could still be paid until the deadline: no retry yet.
    const early = await f.api('POST', `/payouts/${w.id}/retry`, s.admins.tokenA, {
      reason: 'allowance fixed',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/could still be paid until/);
    await f.later(c, 2 * 60 * 60);
    await f.confirm(c);
    const retry = await f.api('POST', `/payouts/${w.id}/retry`, s.admins.tokenA, {
      reason: 'allowance fixed',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const batch2 = await prepare(56, [w.id]);
    await f.allow(c, BigInt(batch2.raw_total));
    // The browser died after sending: nobody tells the server the hash; the job finds it by the batch reference.
    await f.send(c, batch2.to, batch2.data);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    expect((await payoutOf(w)).status).toBe('complete');
    expect(await f.completions([w.id])).toBe(1);
    expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
  }, 60_000);

  it('a batch never sent expires after its deadline and its payouts wait again', async () => {
    const c = s.chains.bsc;
    const w = await f.approvedWithdrawal('21');
    const batch = await prepare(56, [w.id]);
    await s.t.deps.chainPayouts.checkOpen();
    expect((await payoutOf(w)).payout?.status).toBe('sending');
    await f.later(c, 2 * 60 * 60);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    const b = (await f.api('GET', `/payouts/batches/${batch.id}`, s.admins.tokenA)).json().batch as Batch;
    expect(b.status).toBe('expired');
    expect((await payoutOf(w)).payout?.status).toBe('approved');
    // Its old calldata can never pay now: the contract refuses it past the deadline.
    await f.allow(c, BigInt(batch.raw_total));
    expect(await f.succeeded(c, await f.send(c, batch.to, batch.data))).toBe(false);
    expect(await f.balanceOf(c, w.hex)).toBe(0n);
    // With the payout contract removed from the settings, completing it by hand still only keeps it waiting:
    // a withdrawal with a payout is never completed beside it.
    await sqlOn(s.t.url, 'UPDATE chain_settings SET payout_contract = NULL WHERE chain_id = 56', []);
    try {
      const byHand = await f.api('PUT', `/withdrawalrequest/${w.id}`, s.admins.tokenA, {
        status: 'complete',
        user_id: Number(w.member.id),
      });
      if (byHand.statusCode === 202) await approveWaiting(s.t.app, byHand, s.admins.tokenB);
      else expect(byHand.statusCode, byHand.body).toBe(200);
      expect(await payoutOf(w)).toMatchObject({ status: 'pending', payout: { status: 'approved' } });
      expect(await f.completions([w.id])).toBe(0);
    } finally {
      await sqlOn(s.t.url, 'UPDATE chain_settings SET payout_contract = $1 WHERE chain_id = 56', [
        s.contract.toLowerCase(),
      ]);
    }
    // An approved payout no batch holds can still be declined, and the money goes back.
    const declined = await f.api('DELETE', `/withdrawalrequest/${w.id}`, w.token);
    expect(declined.statusCode, declined.body).toBe(200);
  }, 60_000);

  it('pays TRC20 payouts on TRON to Base58 addresses', async () => {
    const c = s.chains.tron;
    const ws = [await f.approvedWithdrawal('22', 'TRON'), await f.approvedWithdrawal('20.00000019', 'TRON')];
    const queue = (await f.api('GET', '/payouts/queue?network=TRON', s.admins.tokenA)).json();
    expect(queue.payouts.map((p: { address: string }) => p.address)).toEqual(
      expect.arrayContaining(ws.map((w) => w.address)),
    );
    // An EVM chain cannot pay a TRON payout.
    const wrong = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: 56,
      withdrawal_ids: [ws[0]?.id],
      code: f.code(),
    });
    expect(wrong.statusCode).toBe(409);
    const batch = await prepare(
      c.id,
      ws.map((w) => w.id),
    );
    expect(batch.items.map((i) => i.address)).toEqual(ws.map((w) => w.address));
    // 6 decimals: the net is paid rounded down to the token's smallest unit.
    expect(ws.map((w) => w.net)).toEqual(['19.80000000', '18.00000017']);
    expect(batch.items.map((i) => i.raw_amount)).toEqual(['19800000', '18000000']);
    await f.allow(c, BigInt(batch.raw_total));
    const hash = await f.send(c, batch.to, batch.data);
    await submit(batch.id, hash);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    for (const w of ws) expect((await payoutOf(w)).payout?.status).toBe('paid');
    expect(await f.balanceOf(c, ws[1]?.hex ?? '')).toBe(18_000_000n);
    expect(platform(ws[1]?.net ?? '0')).toBe(1_800_000_017n);
  }, 60_000);
});
