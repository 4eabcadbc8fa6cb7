import { approveCalldata, batchPayCalldata } from '@sgx/chain';
import { DEV_ACCOUNTS, deployBatchPayoutV1, mintTestStablecoin } from '@sgx/chain/dev';
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { OPERATOR, payoutFixture, payoutSuite } from './payouts.fixture';
import { reconcilePayoutsOnChain } from './payouts.reconcile';

/**
 * Decision 0053: version 2 of the BatchPayout contract lets only the payer a batch reference names spend
 * it, so a watcher of pending transactions cannot spend the operator's reference first and stall its batch; the
 * server binds each batch's reference to the wallet that will send it, and keeps verifying batches paid through
 * version 1. Real anvil, real PostgreSQL.
 */
const s = payoutSuite();
const f = payoutFixture(s);

type Batch = {
  id: number;
  status: string;
  to: string;
  data: string;
  raw_total: string;
  deadline: string;
  contract_version: number;
  payer: string | null;
};

const { prepare, payoutOf } = f;
const submit = (id: number, hash: string) =>
  f.api('POST', `/payouts/batches/${id}/transaction`, s.admins.tokenA, { hash });
describe('batch references bound to their payer', () => {
  it("a front-runner spending the operator's batch reference from another address reverts; the operator's batch then pays", async () => {
    const c = s.chains.bsc;
    const w = await f.approvedWithdrawal('26');
    // A version-2 contract lets only the payer spend a reference: the batch must say who pays it.
    const noPayer = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: 56,
      withdrawal_ids: [w.id],
      code: f.code(),
    });
    expect(noPayer.statusCode).toBe(400);
    expect(noPayer.json().message).toMatch(/wallet that will send it/);
    const batch = await prepare(56, [w.id]);
    expect(batch).toMatchObject({ contract_version: 2 });
    expect(batch.payer?.toLowerCase()).toBe(OPERATOR.address.toLowerCase());
    // The front-runner holds the token, allowed the contract, and copies the reference it saw pending.
    const thief = privateKeyToAccount(DEV_ACCOUNTS[8]?.privateKey as Hex);
    await mintTestStablecoin(c.node.url, c.usdt, thief.address, parseUnits('10', c.decimals));
    const thiefWallet = createWalletClient({ account: thief, transport: http(c.node.url) });
    const read = createPublicClient({ transport: http(c.node.url) });
    const sendAs = async (data: Hex, to: Address) => {
      const hash = await thiefWallet.sendTransaction({ chain: null, to, data, gas: 1_000_000n });
      await read.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return hash;
    };
    await sendAs(approveCalldata(s.contract, 10n ** 30n), c.usdt);
    const ref = (await sqlOn(s.t.url, 'SELECT ref FROM payout_batches WHERE id = $1', [batch.id])).rows[0]
      ?.ref as Hex;
    const stolen = batchPayCalldata({
      token: c.usdt,
      ref,
      deadline: BigInt(Math.floor(new Date(batch.deadline).getTime() / 1000)),
      to: [thief.address],
      amounts: [1n],
    });
    expect(await f.succeeded(c, await sendAs(stolen, s.contract))).toBe(false);
    // Even the batch's own calldata, sent by anyone else, reverts.
    expect(await f.succeeded(c, await sendAs(batch.data as Hex, s.contract))).toBe(false);
    await f.allow(c, BigInt(batch.raw_total));
    const hash = await f.send(c, batch.to, batch.data);
    expect(await f.succeeded(c, hash)).toBe(true);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    expect((await payoutOf(w)).payout).toMatchObject({ status: 'paid', tx_hash: hash });
    expect(await f.balanceOf(c, w.hex)).toBe(parseUnits(w.net, c.decimals));
  }, 60_000);

  it('a batch of a version-1 contract (no payer binding) is still prepared and verified', async () => {
    const c = s.chains.bsc;
    const v1 = (await deployBatchPayoutV1(c.node.url)).toLowerCase();
    expect(v1).not.toBe(s.contract.toLowerCase());
    await sqlOn(s.t.url, 'UPDATE chain_settings SET payout_contract = $1 WHERE chain_id = 56', [v1]);
    const w = await f.approvedWithdrawal('27');
    let batch: Batch;
    try {
      // Version 1 needs no payer (its reference is random, as before).
      const res = await f.api('POST', '/payouts/batches', s.admins.tokenA, {
        chain_id: 56,
        withdrawal_ids: [w.id],
        code: f.code(),
      });
      expect(res.statusCode, res.body).toBe(201);
      batch = res.json().batch;
      expect(batch).toMatchObject({ contract_version: 1, payer: null });
      expect(batch.to.toLowerCase()).toBe(v1);
    } finally {
      await sqlOn(s.t.url, 'UPDATE chain_settings SET payout_contract = $1 WHERE chain_id = 56', [
        s.contract.toLowerCase(),
      ]);
    }
    // Paid through version 1 after the chain moved to version 2: the batch keeps its contract and is verified.
    await f.send(c, c.usdt, approveCalldata(v1 as Address, BigInt(batch.raw_total)));
    const hash = await f.send(c, batch.to, batch.data);
    await submit(batch.id, hash);
    await f.confirm(c);
    await s.t.deps.chainPayouts.checkOpen();
    expect((await payoutOf(w)).payout).toMatchObject({ status: 'paid', tx_hash: hash });
    expect(await f.completions([w.id])).toBe(1);
    expect((await reconcilePayoutsOnChain(s.t.deps.db, s.t.deps.chains)).mismatches).toEqual([]);
  }, 60_000);
});
