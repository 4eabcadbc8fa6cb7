import {
  DEV_ACCOUNTS,
  type DevChain,
  deployTestStablecoin,
  mintTestStablecoin,
  startAnvil,
  transferTestStablecoin,
} from '@sgx/chain/dev';
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { twoAdmins } from '../../../test/approvals';
import { type AdminPair, configureChain, setReceivingAddress } from '../../../test/chain-config';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

/**
 * Set-up shared by the chain deposit tests on a real anvil (standing in for BNB Smart Chain, 56): the
 * accepted stablecoin (18 decimals), chain settings and receiving address made by two admins, members with a
 * linked wallet, real transfers and reports.
 */
export const RECEIVING = DEV_ACCOUNTS[9]?.address as Address;
/** BNB Chain's floor. */
export const CONFIRMATIONS = 15;
export const usd = (v: string) => parseUnits(v, 18);

export type ChainMember = { id: bigint; token: string; wallet: number; email: string; password: string };

export function depositFixture(t: () => TestApp, chain: () => DevChain) {
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t().app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  /** Deploys the stablecoin, mints to `funded` wallets, sets chain 56 and the receiving address. */
  async function setUp(funded: number[]) {
    const admins = await twoAdmins(t().app, t().deps);
    const usdt = await deployTestStablecoin(chain().url, { decimals: 18, symbol: 'USDT' });
    for (const i of funded)
      await mintTestStablecoin(chain().url, usdt, DEV_ACCOUNTS[i]?.address as Address, usd('1000'));
    await configureChain(t().app, admins, 56, {
      enabled: true,
      token_address: usdt,
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: CONFIRMATIONS,
    });
    await setReceivingAddress(t().app, admins, { currency: 'BEP20', address: RECEIVING });
    return { usdt, admins };
  }

  /** Links wallet `walletIndex` to `token`'s member by signing the server's challenge. */
  async function link(token: string, walletIndex: number) {
    const account = privateKeyToAccount(DEV_ACCOUNTS[walletIndex]?.privateKey as Hex);
    const challenge = await api('POST', '/wallets/challenge', token, {
      address: account.address,
      chainId: 56,
    });
    expect(challenge.statusCode).toBe(200);
    const { message } = challenge.json();
    const linked = await api('POST', '/wallets/link', token, {
      message,
      signature: await account.signMessage({ message }),
    });
    expect(linked.statusCode).toBe(201);
  }

  /** A new member; with their wallet `walletIndex` linked unless `linked` is false. */
  async function chainMember(walletIndex: number, linked = true): Promise<ChainMember> {
    const m = await buildMember(t().deps);
    const token = await tokenFor(t().app, m);
    if (linked) await link(token, walletIndex);
    return { id: m.id, token, wallet: walletIndex, email: m.email, password: m.password };
  }

  const report = (m: ChainMember, hash: string, amount: string, chainId = 56) =>
    api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount,
      currency: 'BEP20',
      hash,
      chain_id: chainId,
    });

  async function send(
    token: Address,
    from: number,
    value: bigint,
    opts: { to?: Address; gas?: bigint } = {},
  ): Promise<string> {
    const r = await transferTestStablecoin(
      chain().url,
      token,
      from,
      opts.to ?? RECEIVING,
      value,
      opts.gas === undefined ? undefined : { gas: opts.gas },
    );
    return r.hash;
  }

  /** A signed transfer of `token` from wallet `from`, kept to be mined again after a revert (a reorganisation). */
  async function signed(token: Address, from: number, value: bigint, to: Address = RECEIVING): Promise<Hex> {
    const account = privateKeyToAccount(DEV_ACCOUNTS[from]?.privateKey as Hex);
    const wallet = createWalletClient({ account, transport: http(chain().url) });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] });
    const request = await wallet.prepareTransactionRequest({
      account,
      chain: null,
      chainId: 56,
      to: token,
      data,
      gas: 100_000n,
    });
    return wallet.signTransaction({ ...request, chain: null });
  }
  const sendRaw = (raw: Hex) =>
    createWalletClient({ transport: http(chain().url) }).sendRawTransaction({ serializedTransaction: raw });

  async function depositRow(id: number) {
    const { rows } = await sqlOn(
      t().url,
      `SELECT status, chain_status, confirmations, chain_reason, log_index, source, credited_amount, sender_id
       FROM deposits WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  return { api, setUp, link, chainMember, report, send, signed, sendRaw, depositRow };
}

export type DepositSuite = {
  chain: DevChain;
  t: TestApp;
  usdt: Address;
  admins: AdminPair;
  f: ReturnType<typeof depositFixture>;
};

/**
 * A chain deposit test file's set-up: before its tests, anvil as chain 56, the app reading it and `setUp(funded)`;
 * after them, both stopped. The fields are filled in before the first test.
 */
export function depositSuite(funded: number[], timeout = 60_000): DepositSuite {
  const s = {} as DepositSuite;
  s.f = depositFixture(
    () => s.t,
    () => s.chain,
  );
  beforeAll(async () => {
    s.chain = await startAnvil({ chainId: 56 });
    s.t = await buildTestApp({ CHAIN_RPC_URL_56: s.chain.url });
    const { usdt, admins } = await s.f.setUp(funded);
    s.usdt = usdt;
    s.admins = admins;
  }, timeout);
  afterAll(async () => {
    await s.t?.close();
    await s.chain?.stop();
  });
  return s;
}
