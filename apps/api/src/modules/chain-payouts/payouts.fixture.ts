import { approveCalldata } from '@sgx/chain';
import { DEV_ACCOUNTS, deployBatchPayout, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { hexToTron, type PayoutBatchRecord, tronToHex, type WithdrawalPayout } from '@sgx/contracts';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { approveWaiting } from '../../../test/approvals';
import { anvilChainsSuite, type ChainSuite, type SuiteChain } from '../../../test/chain-suite';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { fundDeposit, fundWallet } from '../../../test/money';

/**
 * Payouts on chain on real nodes (decision 0034): anvil as BNB Smart Chain (56, an 18-decimal USDT) and as the TRON
 * stand-in (728126428, 6 decimals), each with the test stablecoin and the BatchPayout contract set by two admins in
 * the chain settings; members with payout addresses nobody else holds ask for working withdrawals, admins approve
 * them, and the operator's wallet (DEV_ACCOUNTS[7], holding the stablecoin) pays the batches the API prepares.
 */
export const OPERATOR = DEV_ACCOUNTS[7] as { address: Address; privateKey: Hex };
export type PayoutChain = SuiteChain;
export type PayoutSuite = ChainSuite<'bsc' | 'tron'> & { contract: Address };

export function payoutSuite(env: Record<string, string> = {}, timeout = 90_000): PayoutSuite {
  const s = {} as PayoutSuite;
  return anvilChainsSuite(
    s,
    [
      ['bsc', 56, 18],
      ['tron', 728126428, 6],
    ],
    {
      env,
      timeout,
      setUp: async (c) => {
        await mintTestStablecoin(c.node.url, c.usdt, OPERATOR.address, parseUnits('1000000', c.decimals));
        s.contract = await deployBatchPayout(c.node.url);
        return { payout_contract: s.contract };
      },
    },
  );
}

export function payoutFixture(s: PayoutSuite) {
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    s.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  /**
   * A member with a fresh payout address (EVM, or its TRON form) who asked to withdraw `amount` from a working
   * wallet funded for it; approved by the admins (a second admin where the completion waits for one). `trusted`:
   * no risk signal flags the request (the hot wallet pays only those).
   */
  async function approvedWithdrawal(amount: string, network: 'EVM' | 'TRON' = 'EVM', trusted = false) {
    const m = await buildMember(s.t.deps);
    const token = await tokenFor(s.t.app, m);
    const hex = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
    const address = network === 'TRON' ? hexToTron(hex) : hex;
    await sqlOn(s.t.url, `UPDATE users SET ${network === 'TRON' ? 'trc20' : 'bep20'} = $2 WHERE id = $1`, [
      m.id,
      address,
    ]);
    await fundWallet(s.t.deps, m.id, 'working', amount);
    // A month-old account that deposited what it withdraws and keeps as much again, from its own IP: no risk
    // signal flags the request.
    if (trusted) {
      await sqlOn(s.t.url, `UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [m.id]);
      await fundDeposit(s.t.deps, m.id, amount);
      await fundWallet(s.t.deps, m.id, 'working', amount);
    }
    const asked = await api('POST', '/withdrawalrequest/add', token, {
      user_id: Number(m.id),
      amount,
      currency: network === 'TRON' ? 'TRC20' : 'BEP20',
    });
    if (asked.statusCode !== 201) throw new Error(`withdrawal: ${asked.statusCode} ${asked.body}`);
    const w = asked.json().withdrawal as { id: number; net: string };
    const decided = await api('PUT', `/withdrawalrequest/${w.id}`, s.admins.tokenA, {
      status: 'complete',
      user_id: Number(m.id),
    });
    if (decided.statusCode === 202) await approveWaiting(s.t.app, decided, s.admins.tokenB);
    else if (decided.statusCode !== 200) throw new Error(`approve: ${decided.statusCode} ${decided.body}`);
    // Every test member signs in from 127.0.0.1: a shared IP, unless forgotten.
    if (trusted) await sqlOn(s.t.url, 'DELETE FROM access_ips WHERE user_id = $1', [m.id]);
    return { member: m, token, id: w.id, net: w.net, hex, address };
  }

  /** A recovery code of admin A: a second factor the server takes once. */
  const code = () => {
    const c = s.admins.adminA.twoFactor?.recoveryCodes.shift();
    if (!c) throw new Error('no recovery code left');
    return c;
  };

  /** Admin A prepares a batch of `ids` on `chainId`, paid by the operator's wallet (its reference bound to it). */
  async function prepare(chainId: number, ids: number[]): Promise<PayoutBatchRecord> {
    const res = await api('POST', '/payouts/batches', s.admins.tokenA, {
      chain_id: chainId,
      withdrawal_ids: ids,
      code: code(),
      payer: OPERATOR.address,
    });
    if (res.statusCode !== 201) throw new Error(`prepare: ${res.statusCode} ${res.body}`);
    return res.json().batch;
  }
  /** The withdrawal as its member reads it: GET /withdrawalrequest/by/{member id} lists theirs, with its payout. */
  async function payoutOf(w: { id: number; member: { id: bigint }; token: string }) {
    const res = await api('GET', `/withdrawalrequest/by/${w.member.id}`, w.token);
    if (res.statusCode !== 200) throw new Error(`withdrawals: ${res.statusCode} ${res.body}`);
    const found = (
      res.json().withdrawals as { id: number; status: string; payout: WithdrawalPayout | null }[]
    ).find((x) => x.id === w.id);
    if (!found) throw new Error(`withdrawal ${w.id} not listed`);
    return found;
  }

  const wallet = (c: PayoutChain) =>
    createWalletClient({ account: privateKeyToAccount(OPERATOR.privateKey), transport: http(c.node.url) });
  const reader = (c: PayoutChain) => createPublicClient({ transport: http(c.node.url) });

  /** Sends a transaction from the operator's wallet and waits for its receipt; the hash. */
  async function send(c: PayoutChain, to: string, data: string): Promise<Hex> {
    const target = to.startsWith('T') ? tronToHex(to) : to;
    const hash = await wallet(c).sendTransaction({
      chain: null,
      to: target as Address,
      data: data as Hex,
      gas: 10_000_000n,
    });
    await reader(c).waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  }
  /** Whether the transaction `hash` succeeded (a reverted one is mined too: gas is given, never estimated). */
  const succeeded = async (c: PayoutChain, hash: Hex) =>
    (await reader(c).getTransactionReceipt({ hash })).status === 'success';
  /** The operator allows the contract `raw` of the token (what a batch needs). */
  const allow = (c: PayoutChain, raw: bigint) => send(c, c.usdt, approveCalldata(s.contract, raw));
  const balanceOf = (c: PayoutChain, who: string) =>
    reader(c).readContract({
      address: c.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [who as Address],
    });
  const confirm = (c: PayoutChain, blocks = c.confirmations) => mine(c.node.url, blocks);
  /** Moves the node's clock past `seconds` and mines a block there. */
  async function later(c: PayoutChain, seconds: number) {
    const node = createTestClient({ mode: 'anvil', transport: http(c.node.url) });
    await node.increaseTime({ seconds });
    await node.mine({ blocks: 1 });
  }
  /** Ledger postings of withdrawal completions of `ids` (one each, whatever the path). */
  const completions = async (ids: number[]) =>
    (
      await sqlOn(
        s.t.url,
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ANY($1)',
        [ids.map((id) => `withdrawal-complete:${id}`)],
      )
    ).rows[0]?.n as number;

  return {
    api,
    approvedWithdrawal,
    code,
    prepare,
    payoutOf,
    send,
    succeeded,
    allow,
    balanceOf,
    confirm,
    later,
    completions,
  };
}
