import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import type { Principal } from '../../http/access';
import { jobs } from '../../jobs/jobs';
import type { ChainsService } from '../chains/chains.service';
import { OPERATOR, type PayoutChain, payoutFixture, payoutSuite } from './payouts.fixture';
import { PayoutReorgService } from './payouts.reorg';

/**
 * Decision 0053: a payout verified on chain whose transaction a chain reorganisation removes is held
 * like a deposit (decision 0028): the completion reversed in the ledger, the withdrawal pending again, admins and
 * the member told, the reconciliation not ok until an admin resolves it, by confirming the same payment mined again
 * (never a second one) or by paying again once the old batch can never pay. The reorganisation is the node's own: a
 * snapshot before the batch's transaction, a revert after it was verified, then new blocks.
 */
const s = payoutSuite();
const f = payoutFixture(s);

type Batch = { id: number; status: string; to: string; data: string; raw_total: string; deadline: string };

const node = (c: PayoutChain) => createTestClient({ mode: 'anvil', transport: http(c.node.url) });
const operator = privateKeyToAccount(OPERATOR.privateKey);

const prepare = (ids: number[]) => f.prepare(56, ids);
/** The batch's transaction signed by the operator, kept to be mined again after the revert. */
async function signedBatch(c: PayoutChain, b: Batch): Promise<Hex> {
  const wallet = createWalletClient({ account: operator, transport: http(c.node.url) });
  const request = await wallet.prepareTransactionRequest({
    account: operator,
    chain: null,
    chainId: c.id,
    to: b.to as Address,
    data: b.data as Hex,
    gas: 10_000_000n,
  });
  return wallet.signTransaction({ ...request, chain: null });
}
const sendRaw = (c: PayoutChain, raw: Hex) =>
  createWalletClient({ transport: http(c.node.url) }).sendRawTransaction({ serializedTransaction: raw });
const waitMined = (c: PayoutChain, hash: Hex) =>
  createPublicClient({ transport: http(c.node.url) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  });

const state = async (id: number) =>
  (
    await sqlOn(
      s.t.url,
      `SELECT w.status, w.payout_reference, p.status AS payout, p.reorgs, b.status AS batch
       FROM withdrawals w JOIN payouts p ON p.withdrawal_id = w.id LEFT JOIN payout_batches b ON b.id = p.batch_id
       WHERE w.id = $1`,
      [id],
    )
  ).rows[0];
const keys = async (like: string) =>
  (
    await sqlOn(s.t.url, 'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [
      like,
    ])
  ).rows[0]?.n as number;
const reconciliation = async () => {
  const res = await f.api('GET', '/ledger/reconciliation', s.admins.tokenA);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; payout_mismatches: string[]; proof_mismatches: string[] };
};
const resolve = (id: number, action: 'remined' | 'repay', reason = 'checked the explorer') =>
  f.api('POST', `/payouts/${id}/reorg-resolve`, s.admins.tokenA, { action, reason });
const recheck = async () => {
  const job = jobs.find((j) => j.name === 'payouts-reorg-recheck');
  if (!job) throw new Error('no payouts-reorg-recheck job');
  return (await job.run(s.t.deps, {}, new Date())) as { held: number; present: number; reconfirming: number };
};

/** Two approved payouts paid in one verified batch; the chain's snapshot taken just before its transaction. */
async function paidBatch(c: PayoutChain) {
  const ws = [await f.approvedWithdrawal('30'), await f.approvedWithdrawal('40')];
  const batch = await prepare(ws.map((w) => w.id));
  await f.allow(c, BigInt(batch.raw_total));
  const snapshot = await node(c).snapshot();
  const raw = await signedBatch(c, batch);
  const hash = await sendRaw(c, raw);
  await waitMined(c, hash);
  const sent = await f.api('POST', `/payouts/batches/${batch.id}/transaction`, s.admins.tokenA, { hash });
  expect(sent.statusCode, sent.body).toBe(200);
  await f.confirm(c);
  await s.t.deps.chainPayouts.checkOpen();
  for (const w of ws) expect(await state(w.id)).toMatchObject({ status: 'complete', payout: 'paid' });
  expect(await recheck()).toMatchObject({ held: 0 });
  expect((await reconciliation()).ok).toBe(true);
  return { ws, batch, snapshot, raw, hash };
}

describe('a verified payout a chain reorganisation removes', () => {
  it('is held, flagged and told; the same payment mined again completes it once, never a second payment', async () => {
    const c = s.chains.bsc;
    const { ws, batch, snapshot, raw, hash } = await paidBatch(c);
    const [a, b] = ws;
    if (!a || !b) throw new Error('two payouts');

    await node(c).revert({ id: snapshot });
    await f.confirm(c, c.confirmations + 5);
    expect(await f.balanceOf(c, a.hex)).toBe(0n);
    expect(await recheck()).toMatchObject({ held: 1 });
    // Held once: a second run changes nothing.
    expect(await recheck()).toMatchObject({ held: 0 });
    for (const w of ws) {
      expect(await state(w.id)).toMatchObject({
        status: 'pending',
        payout_reference: null,
        payout: 'held',
        reorgs: 1,
        batch: 'reorged',
      });
      expect(await keys(`withdrawal-reorg-hold:${w.id}:%`)).toBe(1);
    }
    // The member sees it no longer paid, and is told.
    const mine = await f.api('GET', `/withdrawalrequest/by/${a.member.id}`, a.token);
    const seen = (
      mine.json().withdrawals as { id: number; status: string; payout: { status: string } }[]
    ).find((x) => x.id === a.id);
    expect(seen).toMatchObject({ status: 'pending', payout: { status: 'held' } });
    const told = await sqlOn(
      s.t.url,
      "SELECT title FROM member_events WHERE user_id = $1 AND kind = 'withdrawal_held'",
      [a.member.id],
    );
    expect(told.rows.map((r) => r.title)).toEqual(['Withdrawal payment taken back']);
    // Admins see it, and the reconciliation is not ok until it is resolved; the member cannot cancel it.
    const held = (await f.api('GET', '/payouts/held', s.admins.tokenA)).json();
    expect(held.held_count).toBeGreaterThanOrEqual(2);
    expect(held.payouts.map((p: { withdrawal_id: number }) => p.withdrawal_id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    const r = await reconciliation();
    expect(r.ok).toBe(false);
    expect(r.payout_mismatches).toEqual(expect.arrayContaining([String(a.id), String(b.id)]));
    expect(r.proof_mismatches).toEqual([]);
    expect((await f.api('DELETE', `/withdrawalrequest/${a.id}`, a.token)).statusCode).toBe(409);

    // A node that cannot be reached: nothing is confirmed, and the log says why the confirmation was refused.
    const warned: { facts: Record<string, unknown>; message: string }[] = [];
    const unreachable = Object.assign(Object.create(s.t.deps.chains) as ChainsService, {
      client: () => createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) }),
    });
    const blind = new PayoutReorgService(
      s.t.deps.db,
      unreachable,
      s.t.deps.chainPayouts.verifier,
      (facts, message) => warned.push({ facts, message }),
    );
    const { rows: admins } = await sqlOn(
      s.t.url,
      "SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1",
    );
    const admin: Principal = {
      userId: BigInt(admins[0]?.id),
      role: 'admin',
      sessionId: 0n,
      secondFactor: 'ok',
    };
    await expect(
      blind.resolve(admin, BigInt(a.id), { action: 'remined', reason: 'checked the explorer' }),
    ).rejects.toThrow(/did not answer just now/);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      facts: { batch: String(batch.id), chainId: c.id },
      message: 'a held payout could not be read on its chain: its confirmation is refused until it can be',
    });
    expect(warned[0]?.facts.err).toBeInstanceOf(Error);
    expect(await state(a.id)).toMatchObject({ status: 'pending', payout: 'held' });

    // Not on the chain: it cannot be confirmed; its batch could still pay until the deadline: not paid again.
    expect((await resolve(a.id, 'remined')).statusCode).toBe(422);
    const early = await resolve(a.id, 'repay');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/could still be paid/);

    // The same transaction mined again, found again by the batch's reference: too few confirmations first.
    expect(await sendRaw(c, raw)).toBe(hash);
    await waitMined(c, hash);
    const shallow = await resolve(a.id, 'remined');
    expect(shallow.statusCode).toBe(422);
    expect(shallow.json().message).toMatch(/confirmations/);
    await f.confirm(c);
    // Paid again on chain: never paid a second time by a new batch.
    expect((await resolve(a.id, 'repay')).statusCode).toBe(409);
    const ok = await resolve(a.id, 'remined');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await state(a.id)).toMatchObject({ status: 'complete', payout: 'paid', batch: 'reorged' });
    expect(await keys(`withdrawal-complete:${a.id}:1`)).toBe(1);
    expect((await resolve(a.id, 'remined')).statusCode).toBe(409);
    expect((await resolve(b.id, 'remined')).statusCode).toBe(200);
    for (const w of ws) {
      expect(await state(w.id)).toMatchObject({ status: 'complete', payout: 'paid', batch: 'paid' });
      expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
    }
    const back = (await f.api('GET', `/payouts/batches/${batch.id}`, s.admins.tokenA)).json().batch;
    expect(back).toMatchObject({ status: 'paid', tx_hash: hash });
    // The re-check reads it again and keeps it; the books agree with themselves again.
    expect(await recheck()).toMatchObject({ held: 0 });
    expect((await reconciliation()).ok).toBe(true);
  }, 120_000);

  it('pays a held payout again in a new batch only once its old batch can never pay; the old one then reverts', async () => {
    const c = s.chains.bsc;
    const { ws, batch, snapshot, raw } = await paidBatch(c);
    const [a, b] = ws;
    if (!a || !b) throw new Error('two payouts');
    await node(c).revert({ id: snapshot });
    await f.confirm(c, c.confirmations + 5);
    expect(await recheck()).toMatchObject({ held: 1 });
    // A new batch cannot take a held payout.
    const taken = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: 56,
      withdrawal_ids: [a.id],
      code: f.code(),
    });
    expect(taken.statusCode).toBe(409);
    await f.later(c, 2 * 60 * 60);
    await f.confirm(c);
    for (const w of ws) expect((await resolve(w.id, 'repay')).statusCode).toBe(200);
    expect(await state(a.id)).toMatchObject({ status: 'pending', payout: 'approved' });
    // The old transaction can never pay now: past its deadline the contract refuses it.
    const late = await sendRaw(c, raw);
    await waitMined(c, late);
    expect(await f.succeeded(c, late)).toBe(false);
    const batch2 = await prepare(ws.map((w) => w.id));
    await f.allow(c, BigInt(batch2.raw_total));
    await f.send(c, batch2.to, batch2.data);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    for (const w of ws) {
      expect(await state(w.id)).toMatchObject({ status: 'complete', payout: 'paid', batch: 'paid' });
      expect(await keys(`withdrawal-complete:${w.id}%`)).toBe(2);
      expect(await keys(`withdrawal-reorg-hold:${w.id}:%`)).toBe(1);
      // Paid once on chain, whatever happened.
      expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
    }
    expect(batch2.id).not.toBe(batch.id);
    expect((await reconciliation()).ok).toBe(true);
  }, 120_000);
});
