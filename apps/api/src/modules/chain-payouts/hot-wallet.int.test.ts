import { DEV_ACCOUNTS, mintTestStablecoin } from '@sgx/chain/dev';
import { type Address, createTestClient, type Hex, http, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { HotWalletPayer } from './hot-wallet';
import { payoutFixture, payoutSuite } from './payouts.fixture';

/**
 * Decision 0034: with PAYOUT_HOT_WALLET_KEY_56 set, approved payouts within the policy (100 per payout by default) and
 * within what the hot wallet holds are paid by the server itself, in batches, on real anvil; nonces are reserved in
 * the database, a stuck transaction is replaced under its nonce with a higher fee, and two instances never share
 * or skip a nonce (decision 0034).
 */
const HOT = DEV_ACCOUNTS[6] as { address: Address; privateKey: Hex };
const s = payoutSuite({ PAYOUT_HOT_WALLET_KEY_56: HOT.privateKey, PAYOUT_STUCK_SECONDS: '1' });
const f = payoutFixture(s);

const statusOf = async (id: number) =>
  (await sqlOn(s.t.url, 'SELECT status FROM payouts WHERE withdrawal_id = $1', [id])).rows[0]
    ?.status as string;
const nonces = async () =>
  (
    await sqlOn(s.t.url, 'SELECT nonce::int AS n FROM payout_hot_txs WHERE chain_id = 56 ORDER BY nonce', [])
  ).rows.map((r) => r.n as number);

/** Rounds of the hot wallet until nothing is on its way, mining the confirmations between them. */
async function payOut(payer = s.t.deps.hotWallet, rounds = 6) {
  const c = s.chains.bsc;
  for (let i = 0; i < rounds; i++) {
    const out = await payer.run();
    if (!/^(waiting|batch|allowing)/.test(out[56] ?? '')) return out[56];
    await f.confirm(c);
  }
  return (await payer.run())[56];
}

describe('the payout hot wallet', () => {
  it('pays approved payouts within the policy and what it holds; the rest waits for the operator', async () => {
    const c = s.chains.bsc;
    await mintTestStablecoin(c.node.url, c.usdt, HOT.address, parseUnits('200', c.decimals));
    const small = [
      await f.approvedWithdrawal('20', 'EVM', true),
      await f.approvedWithdrawal('100', 'EVM', true),
    ];
    const large = await f.approvedWithdrawal('200', 'EVM', true);
    const queue = (await f.api('GET', '/payouts/queue?network=EVM', s.admins.tokenA)).json();
    const bsc = queue.chains.find((x: { chain_id: number }) => x.chain_id === 56);
    expect(bsc.hot_wallet).toEqual({ address: HOT.address, balance: '200.00000000' });

    await payOut();
    for (const w of small) {
      expect(await statusOf(w.id)).toBe('paid');
      expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
    }
    // 180 net: above 100 per payout.
    expect(await statusOf(large.id)).toBe('approved');
    expect(await f.balanceOf(c, large.hex)).toBe(0n);
    // One allowance and one batch: nonces 0 and 1, each mined once.
    expect(await nonces()).toEqual([0, 1]);
    const batches = await sqlOn(s.t.url, `SELECT status, mode FROM payout_batches WHERE mode = 'hot'`, []);
    expect(batches.rows).toEqual([{ status: 'paid', mode: 'hot' }]);

    // What the hot wallet no longer holds waits for the operator.
    // 99 net: within the policy, more than the 92 the wallet still holds.
    const more = await f.approvedWithdrawal('110', 'EVM', true);
    await payOut();
    expect(await statusOf(more.id)).toBe('approved');
  }, 90_000);

  it('replaces a stuck transaction under the same nonce with a higher fee, and pays once', async () => {
    const c = s.chains.bsc;
    await mintTestStablecoin(c.node.url, c.usdt, HOT.address, parseUnits('200', c.decimals));
    // Whatever waited is paid first (and, run alone, the contract allowed); then blocks stop coming.
    await f.approvedWithdrawal('20', 'EVM', true);
    await payOut();
    const w = await f.approvedWithdrawal('30', 'EVM', true);
    const node = createTestClient({ mode: 'anvil', transport: http(c.node.url) });
    await node.setAutomine(false);
    try {
      expect(await s.t.deps.hotWallet.run()).toEqual({ 56: expect.stringMatching(/^batch #\d+: 1 payouts/) });
      await new Promise((r) => setTimeout(r, 1_200));
      expect(await s.t.deps.hotWallet.run()).toEqual({ 56: 'waiting for a transaction to be mined' });
      const attempts = await sqlOn(
        s.t.url,
        `SELECT h.nonce::int AS nonce, a.max_fee_per_gas::text AS fee FROM payout_attempts a
         JOIN payout_hot_txs h ON h.id = a.hot_tx_id WHERE h.batch_id IS NOT NULL ORDER BY a.id DESC LIMIT 2`,
        [],
      );
      const [replacement, first] = attempts.rows as { nonce: number; fee: string }[];
      expect(replacement?.nonce).toBe(first?.nonce);
      expect(BigInt(replacement?.fee ?? 0) > BigInt(first?.fee ?? 0)).toBe(true);
    } finally {
      await node.setAutomine(true);
    }
    await node.mine({ blocks: 1 });
    await payOut();
    expect(await statusOf(w.id)).toBe('paid');
    expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
    expect(await f.completions([w.id])).toBe(1);
  }, 90_000);

  it('two instances never reserve the same nonce nor skip one', async () => {
    const c = s.chains.bsc;
    await mintTestStablecoin(c.node.url, c.usdt, HOT.address, parseUnits('300', c.decimals));
    const ws = [];
    for (let i = 0; i < 6; i++) ws.push(await f.approvedWithdrawal('25', 'EVM', true));
    const d = s.t.deps;
    const other = new HotWalletPayer(d.db, d.chains, d.settings, d.chainPayouts.verifier, d.config);
    for (let i = 0; i < 6; i++) {
      await Promise.all([d.hotWallet.run(), other.run()]);
      await f.confirm(c);
    }
    const used = await nonces();
    expect(used).toEqual(used.map((_, i) => i));
    for (const w of ws) expect(await statusOf(w.id)).toBe('paid');
    expect(await f.completions(ws.map((w) => w.id))).toBe(6);
    for (const w of ws) expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
  }, 120_000);
});
