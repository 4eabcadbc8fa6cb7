import {
  DEV_ACCOUNTS,
  deployDepositFactory,
  mine,
  mintTestStablecoin,
  payInOneTransaction,
  transferTestStablecoin,
} from '@sgx/chain/dev';
import { parseUnits as parsePlatform } from '@sgx/money';
import { type Address, parseUnits } from 'viem';
import { anvilChainsSuite, type ChainSuite, type SuiteChain } from '../../../test/chain-suite';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { walletsOf } from '../../../test/money';

/**
 * Members' own deposit addresses on real nodes (decision 0033): anvil as BNB Smart Chain (56, an 18-decimal USDT), as
 * Polygon (137, 6 decimals) and as the TRON stand-in (728126428, 6 decimals), each with the test stablecoin and the
 * deposit factory (the same address on all three), set by two admins; the app reads all three.
 */
export const TREASURY = DEV_ACCOUNTS[8]?.address as Address;
/** A wallet no member ever links: an exchange's hot wallet, say. */
export const STRANGER = 5;
export type OwnChain = SuiteChain;
export type OwnAddressSuite = ChainSuite<'bsc' | 'polygon' | 'tron'> & { factory: Address };

/**
 * A chain's set-up for member deposit addresses: 1,000 test USDT for the stranger's wallet, the deposit factory
 * (kept in `s.factory`) and a minimum deposit of 1.
 */
export async function ownAddressChainSetUp(s: { factory: Address }, c: Omit<OwnChain, 'confirmations'>) {
  await mintTestStablecoin(
    c.node.url,
    c.usdt,
    DEV_ACCOUNTS[STRANGER]?.address as Address,
    parseUnits('1000', c.decimals),
  );
  s.factory = await deployDepositFactory(c.node.url, { treasury: TREASURY });
  return { min_deposit: '1', forwarder_factory: s.factory };
}

export function ownAddressSuite(timeout = 90_000): OwnAddressSuite {
  const s = {} as OwnAddressSuite;
  return anvilChainsSuite(
    s,
    [
      ['bsc', 56, 18],
      ['polygon', 137, 6],
      ['tron', 728126428, 6],
    ],
    { timeout, setUp: (c) => ownAddressChainSetUp(s, c) },
  );
}

export function ownAddressFixture(s: OwnAddressSuite) {
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    s.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  /** A member, signed in, with their own addresses read once (which makes them). */
  async function member() {
    const m = await buildMember(s.t.deps);
    const token = await tokenFor(s.t.app, m);
    const res = await api('GET', '/wallets/deposit-addresses', token);
    if (res.statusCode !== 200) throw new Error(`deposit addresses: ${res.statusCode} ${res.body}`);
    const addresses: { network: 'EVM' | 'TRON'; chain_ids: number[]; address: string }[] =
      res.json().addresses;
    const evm = addresses.find((a) => a.network === 'EVM')?.address as Address;
    const tron = addresses.find((a) => a.network === 'TRON')?.address as string;
    return { ...m, token, addresses, evm, tron };
  }

  /** `amount` USDT from the stranger's wallet to `to` on chain `c`. */
  const pay = (c: OwnChain, to: Address, amount: string, from = STRANGER, token = c.usdt) =>
    transferTestStablecoin(c.node.url, token, from, to, parseUnits(amount, c.decimals)).then((r) => r.hash);

  /** One transaction from the stranger's wallet paying every `[to, amount]` (an exchange's batch withdrawal). */
  const payBatch = (c: OwnChain, pays: [Address, string][]) =>
    payInOneTransaction(
      c.node.url,
      c.usdt,
      STRANGER,
      pays.map(([to, amount]) => [to, parseUnits(amount, c.decimals)] as const),
    );

  const scan = (c: OwnChain) => s.t.deps.verifier.scan(c.id);
  const confirm = (c: OwnChain, blocks = c.confirmations) => mine(c.node.url, blocks);
  const balance = (m: { token: string; id: bigint }) =>
    walletsOf(s.t.app, m.token, m.id).then((w) => parsePlatform(w.deposit));

  /** The deposits recorded for a transaction hash (0x or not). */
  async function depositsOf(hash: string) {
    const { rows } = await sqlOn(
      s.t.url,
      `SELECT id, user_id, status, chain_status, confirmations, source, amount::text, to_address, log_index
       FROM deposits WHERE hash = $1 ORDER BY id`,
      [hash.replace(/^0x/, '').toLowerCase()],
    );
    return rows as {
      id: string;
      user_id: string;
      status: string;
      chain_status: string;
      confirmations: number | null;
      source: string;
      amount: string;
      to_address: string | null;
      log_index: number;
    }[];
  }
  /** Ledger credits of a hash (one per chain, hash and log). */
  const creditsOf = async (hash: string) =>
    (
      await sqlOn(
        s.t.url,
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1',
        [`deposit:%:${hash.replace(/^0x/, '').toLowerCase()}:%`],
      )
    ).rows[0]?.n as number;

  return { api, member, pay, payBatch, scan, confirm, balance, depositsOf, creditsOf };
}
