import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseEventLogs,
  stringToHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSolidity } from '../../scripts/compile-contracts.mjs';
import {
  approveCalldata,
  BATCH_PAID_EVENT,
  BATCH_PAYOUT_ABI,
  type BatchPayInput,
  batchPayCalldata,
  batchRef,
  MAX_BATCH,
  refPayer,
} from '../payout';
import { TRON_CHAIN_ID } from '../tron';
import v1Artifact from './BatchPayoutV1.json' with { type: 'json' };
import {
  batchPayoutAddress,
  DEV_ACCOUNTS,
  type DevChain,
  deployBatchPayout,
  deployTestStablecoin,
  devAccount,
  mintTestStablecoin,
  startAnvil,
} from './index';

const PAYER = 1; // DEV_ACCOUNTS index of the operator's wallet
const NO_ALLOWANCE = 4; // holds tokens but never approved the contract
/** A batch reference named `name` that DEV_ACCOUNTS[payer] may spend (version 2 binds it to its payer). */
const ref = (name: string, payer = PAYER): Hex =>
  batchRef(devAccount(payer).address, keccak256(stringToHex(name)).slice(0, 26) as Hex);
const FRONT_RUNNER = 5; // watches pending transactions and spends what it sees first
/** Recipients that never held anything: DEV_ACCOUNTS are not among them. */
const recipients = (tag: string, n: number): Address[] =>
  Array.from({ length: n }, (_, i) => `0x${keccak256(stringToHex(`${tag}-${i}`)).slice(26)}` as Address);

const client = (url: string) => createPublicClient({ transport: http(url) });
const wallet = (url: string, index: number) =>
  createWalletClient({ account: privateKeyToAccount(devAccount(index).privateKey), transport: http(url) });
const balanceOf = (url: string, token: Address, owner: Address) =>
  client(url).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const isPaid = (url: string, contract: Address, r: Hex) =>
  client(url).readContract({ address: contract, abi: BATCH_PAYOUT_ABI, functionName: 'paid', args: [r] });

/** Sends `data` to `to` from DEV_ACCOUNTS[from] and waits; with `gas` it is mined even when it reverts. */
async function send(url: string, from: number, to: Address, data: Hex, gas?: bigint) {
  const hash = await wallet(url, from).sendTransaction({ to, data, chain: null, ...(gas ? { gas } : {}) });
  return client(url).waitForTransactionReceipt({ hash });
}
/** A deadline `seconds` after the node's latest block. */
const deadlineIn = async (url: string, seconds: number) =>
  (await client(url).getBlock()).timestamp + BigInt(seconds);

describe('the batch payout contract on real anvil nodes', { timeout: 60_000 }, () => {
  let bsc: DevChain;
  let tron: DevChain;
  let contract: Address;
  let token: Address;

  beforeAll(async () => {
    [bsc, tron] = await Promise.all([startAnvil({ chainId: 56 }), startAnvil({ chainId: TRON_CHAIN_ID })]);
    token = await deployTestStablecoin(bsc.url, { decimals: 18 });
    await Promise.all(
      [PAYER, NO_ALLOWANCE, FRONT_RUNNER].map((i) =>
        mintTestStablecoin(bsc.url, token, devAccount(i).address, 10n ** 24n),
      ),
    );
    // Different deployers (and so nonces) on the two chains: the address must not depend on them.
    const [onBsc, onTron] = await Promise.all([
      deployBatchPayout(bsc.url),
      deployBatchPayout(tron.url, { deployer: 3 }),
    ]);
    expect(onTron).toBe(onBsc);
    contract = onBsc;
    for (const who of [PAYER, FRONT_RUNNER])
      expect((await send(bsc.url, who, token, approveCalldata(contract, 10n ** 24n))).status).toBe('success');
  }, 60_000);

  it("lets only the payer a reference names spend it: a front-runner's copy reverts, the operator's batch then pays", async () => {
    expect(
      await client(bsc.url).readContract({
        address: contract,
        abi: BATCH_PAYOUT_ABI,
        functionName: 'version',
      }),
    ).toBe(2n);
    const r = ref('front-run');
    expect(refPayer(r)).toBe(devAccount(PAYER).address.toLowerCase());
    const deadline = await deadlineIn(bsc.url, 3600);
    const to = recipients('front-run', 2);
    const operator = batchPayCalldata({ token, ref: r, deadline, to, amounts: [5n, 6n] });
    // The front-runner copies the reference into a batch paying 1 unit to itself.
    const stolen = batchPayCalldata({
      token,
      ref: r,
      deadline,
      to: [devAccount(FRONT_RUNNER).address],
      amounts: [1n],
    });
    await expect(send(bsc.url, FRONT_RUNNER, contract, stolen)).rejects.toThrow(/not the batch payer/);
    expect((await send(bsc.url, FRONT_RUNNER, contract, stolen, 1_000_000n)).status).toBe('reverted');
    expect(await isPaid(bsc.url, contract, r)).toBe(false);
    // The very same calldata from another address reverts too.
    await expect(send(bsc.url, FRONT_RUNNER, contract, operator)).rejects.toThrow(/not the batch payer/);
    expect((await send(bsc.url, PAYER, contract, operator)).status).toBe('success');
    expect(await isPaid(bsc.url, contract, r)).toBe(true);
    expect(await balanceOf(bsc.url, token, to[1] as Address)).toBe(6n);
  });

  it("version 1 (as first deployed) let anyone spend a reference first: the operator's batch then reverted", async () => {
    const deployed = await wallet(bsc.url, PAYER).deployContract({
      abi: v1Artifact.abi,
      bytecode: v1Artifact.bytecode as Hex,
      chain: null,
    });
    const v1 = (await client(bsc.url).waitForTransactionReceipt({ hash: deployed }))
      .contractAddress as Address;
    for (const who of [PAYER, FRONT_RUNNER])
      expect((await send(bsc.url, who, token, approveCalldata(v1, 10n ** 24n))).status).toBe('success');
    const r = ref('front-run-v1');
    const deadline = await deadlineIn(bsc.url, 3600);
    const stolen = batchPayCalldata({
      token,
      ref: r,
      deadline,
      to: [devAccount(FRONT_RUNNER).address],
      amounts: [1n],
    });
    expect((await send(bsc.url, FRONT_RUNNER, v1, stolen)).status).toBe('success');
    const operator = batchPayCalldata({ token, ref: r, deadline, to: recipients('v1', 1), amounts: [5n] });
    await expect(send(bsc.url, PAYER, v1, operator)).rejects.toThrow(/batch paid/);
  });
  afterAll(() => Promise.all([bsc?.stop(), tron?.stop()]));

  it('lands at batchPayoutAddress() on chain ids 56 and 728126428 and redeploys as a no-op', async () => {
    expect(contract).toBe(batchPayoutAddress());
    for (const chain of [bsc, tron]) {
      const read = client(chain.url);
      expect(await read.getChainId()).toBe(chain.chainId);
      expect(((await read.getCode({ address: contract })) ?? '0x').length).toBeGreaterThan(2);
      const nonce = await read.getTransactionCount({ address: DEV_ACCOUNTS[0].address });
      expect(await deployBatchPayout(chain.url)).toBe(contract);
      expect(await read.getTransactionCount({ address: DEV_ACCOUNTS[0].address })).toBe(nonce);
    }
  });

  it('pays 50 recipients in one transaction: 50 exact transfers from the payer and one BatchPaid', async () => {
    const to = recipients('fifty', 50);
    const amounts = to.map((_, i) => 1_000_000n * BigInt(i + 1) + BigInt(i)); // all different
    const total = amounts.reduce((a, b) => a + b, 0n);
    const r = ref('batch-50');
    const deadline = await deadlineIn(bsc.url, 3600);
    const payerBefore = await balanceOf(bsc.url, token, DEV_ACCOUNTS[PAYER].address);
    expect(await isPaid(bsc.url, contract, r)).toBe(false);

    const receipt = await send(
      bsc.url,
      PAYER,
      contract,
      batchPayCalldata({ token, ref: r, deadline, to, amounts }),
    );
    expect(receipt.status).toBe('success');
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers).toHaveLength(50);
    transfers.forEach((log, i) => {
      expect(log.address.toLowerCase()).toBe(token.toLowerCase());
      expect(log.args.from).toBe(DEV_ACCOUNTS[PAYER].address);
      expect(log.args.to.toLowerCase()).toBe(to[i]?.toLowerCase());
      expect(log.args.value).toBe(amounts[i]);
    });
    const paid = parseEventLogs({ abi: [BATCH_PAID_EVENT], logs: receipt.logs });
    expect(paid).toHaveLength(1);
    expect(paid[0]?.address.toLowerCase()).toBe(contract.toLowerCase());
    expect(paid[0]?.args).toEqual({
      ref: r,
      token,
      payer: DEV_ACCOUNTS[PAYER].address,
      count: 50n,
      total,
      deadline,
    });
    expect(await isPaid(bsc.url, contract, r)).toBe(true);
    expect(await balanceOf(bsc.url, token, to[49] as Address)).toBe(amounts[49]);
    expect(await balanceOf(bsc.url, token, DEV_ACCOUNTS[PAYER].address)).toBe(payerBefore - total);
    expect(await balanceOf(bsc.url, token, contract)).toBe(0n); // holds nothing

    // The same reference again: refused, nothing moves.
    const again = batchPayCalldata({ token, ref: r, deadline, to, amounts });
    await expect(send(bsc.url, PAYER, contract, again)).rejects.toThrow(/batch paid/);
    expect(await balanceOf(bsc.url, token, DEV_ACCOUNTS[PAYER].address)).toBe(payerBefore - total);
  });

  it('pays the most recipients a batch takes (200) and refuses one more', async () => {
    const batch = (n: number, name: string): BatchPayInput => ({
      token,
      ref: ref(name),
      deadline: 2n ** 40n,
      to: recipients(name, n),
      amounts: Array.from({ length: n }, () => 7n),
    });
    const receipt = await send(bsc.url, PAYER, contract, batchPayCalldata(batch(MAX_BATCH, 'batch-200')));
    expect(receipt.status).toBe('success');
    expect(parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })).toHaveLength(200);
    const { to, amounts, ...rest } = batch(MAX_BATCH + 1, 'batch-201');
    const tooMany = encodeFunctionData({
      abi: BATCH_PAYOUT_ABI,
      functionName: 'pay',
      args: [rest.token, rest.ref, rest.deadline, to, amounts],
    });
    await expect(send(bsc.url, PAYER, contract, tooMany)).rejects.toThrow(/bad batch/);
  });

  it('refuses a batch past its deadline ("batch expired") and marks nothing paid', async () => {
    const r = ref('batch-late');
    const deadline = (await deadlineIn(bsc.url, 0)) - 1n;
    const data = batchPayCalldata({ token, ref: r, deadline, to: recipients('late', 2), amounts: [1n, 2n] });
    await expect(send(bsc.url, PAYER, contract, data)).rejects.toThrow(/batch expired/);
    expect(await isPaid(bsc.url, contract, r)).toBe(false);
  });

  it('reverts without allowance and marks nothing paid, even when the transaction is mined', async () => {
    const r = ref('batch-no-allowance', NO_ALLOWANCE);
    const to = recipients('no-allowance', 3);
    const data = batchPayCalldata({
      token,
      ref: r,
      deadline: await deadlineIn(bsc.url, 3600),
      to,
      amounts: [1n, 2n, 3n],
    });
    await expect(send(bsc.url, NO_ALLOWANCE, contract, data)).rejects.toThrow(/token transfer failed/);
    const mined = await send(bsc.url, NO_ALLOWANCE, contract, data, 1_000_000n);
    expect(mined.status).toBe('reverted');
    expect(await isPaid(bsc.url, contract, r)).toBe(false);
    for (const a of to) expect(await balanceOf(bsc.url, token, a)).toBe(0n);
  });

  it('refuses arrays of different lengths or empty ones ("bad batch"), as batchPayCalldata does', async () => {
    const deadline = await deadlineIn(bsc.url, 3600);
    const to = recipients('mismatch', 2);
    const encode = (t: readonly Address[], a: readonly bigint[]) =>
      encodeFunctionData({
        abi: BATCH_PAYOUT_ABI,
        functionName: 'pay',
        args: [token, ref('bad'), deadline, t, a],
      });
    await expect(send(bsc.url, PAYER, contract, encode(to, [1n]))).rejects.toThrow(/bad batch/);
    await expect(send(bsc.url, PAYER, contract, encode([], []))).rejects.toThrow(/bad batch/);
    expect(await isPaid(bsc.url, contract, ref('bad'))).toBe(false);
    expect(() => batchPayCalldata({ token, ref: ref('bad'), deadline, to, amounts: [1n] })).toThrow(
      RangeError,
    );
    expect(() => batchPayCalldata({ token, ref: ref('bad'), deadline, to: [], amounts: [] })).toThrow(
      RangeError,
    );
    expect(() => batchPayCalldata({ token, ref: ref('bad'), deadline, to, amounts: [1n, -1n] })).toThrow(
      RangeError,
    );
  });

  it('pays with a token that returns no bool (USDT on Ethereum) and refuses one that returns false or has no code', async () => {
    // transferFrom moves the money and then: mode 0 returns nothing, mode 1 returns false, mode 2 returns true.
    const source = `pragma solidity 0.8.30;
      contract QuirkyToken {
        mapping(address => uint256) public balanceOf;
        uint8 public mode;
        function setMode(uint8 m) external { mode = m; }
        function mint(address to, uint256 amount) external { balanceOf[to] += amount; }
        function transferFrom(address from, address to, uint256 amount) external returns (bool) {
          balanceOf[from] -= amount; balanceOf[to] += amount;
          if (mode == 0) assembly { return(0, 0) }
          return mode == 2;
        }
      }`;
    const { abi, bytecode } = compileSolidity('QuirkyToken.sol', source, ['QuirkyToken']).QuirkyToken;
    const payer = wallet(bsc.url, PAYER);
    const read = client(bsc.url);
    const deployed = await payer.deployContract({ abi, bytecode, chain: null });
    const quirky = (await read.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address;
    const call = async (functionName: 'setMode' | 'mint', args: readonly unknown[]) => {
      const hash = await payer.writeContract({ address: quirky, abi, functionName, args, chain: null });
      expect((await read.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    await call('mint', [DEV_ACCOUNTS[PAYER].address, 1_000n]);
    const deadline = await deadlineIn(bsc.url, 3600);
    const pay = (mode: number, t: Address = quirky) =>
      batchPayCalldata({
        token: t,
        ref: ref(`quirky-${mode}-${t}`),
        deadline,
        to: recipients(`q${mode}`, 2),
        amounts: [10n, 20n],
      });
    for (const mode of [0, 2]) {
      await call('setMode', [mode]);
      expect((await send(bsc.url, PAYER, contract, pay(mode))).status).toBe('success');
      expect(await balanceOf(bsc.url, quirky, recipients(`q${mode}`, 2)[1] as Address)).toBe(20n);
    }
    await call('setMode', [1]);
    await expect(send(bsc.url, PAYER, contract, pay(1))).rejects.toThrow(/token transfer failed/);
    const noCode = recipients('not-a-token', 1)[0] as Address;
    await expect(send(bsc.url, PAYER, contract, pay(0, noCode))).rejects.toThrow(/token transfer failed/);
  });
});
