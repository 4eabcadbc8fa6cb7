import path from 'node:path';
import type { Address } from 'viem';
import { isSupportedChainId, MIN_CONFIRMATIONS } from '../chains';
import { isTronBase58, TRON_CHAIN_ID, tronToHex } from '../tron';
import { type AdminLogin, type SignedIn, type SignInContext, STORE_FILE, signInAdmin } from './admin-sign-in';
import { type ApiAnswer, api, describe, field, isLoopback, waitForApp } from './app-api';

/**
 * The app-configuring half of `npm run chain:dev`: once the app is up, the first demo admin asks for each
 * chain's settings (the test token, the chain's confirmations, the members' deposit factory, the batch payout
 * contract and the minimum deposit) and the receiving addresses (BEP20, TRC20), and the second demo admin
 * approves what waits for a second admin (202). What is already in force is left as it is, so running it again changes nothing. Every
 * step is printed with ✓ or ✗.
 */

/** The confirmations chain:dev asks for: the chain's floor (MIN_CONFIRMATIONS; 15 for a chain id with none). */
export const confirmationsFor = (chainId: number): number =>
  chainId === TRON_CHAIN_ID
    ? MIN_CONFIRMATIONS.tron
    : isSupportedChainId(chainId)
      ? MIN_CONFIRMATIONS[chainId]
      : 15;

/** One chain as chain:dev asks the app to take it. */
export type ChainSetup = {
  chainId: number;
  /** As people read it: "BNB Smart Chain", "TRON". */
  name: string;
  /** The node chain:dev started (the app must read this one: CHAIN_RPC_URL_<chainId>). */
  rpcUrl: string;
  token: { address: Address; symbol: string; decimals: number };
  confirmations: number;
  /** The members' deposit factory (CREATE2 forwarders) on this chain. */
  factory: Address;
  /** The BatchPayout contract approved withdrawals are paid through on this chain (decision 0034). */
  payoutContract: Address;
  /** The smallest transfer to a member's own address that is credited (decimal text). */
  minDeposit: string;
};
/** A platform receiving address chain:dev sets when there is none (TRC20 in its `T...` form). */
export type ReceivingSetup = { currency: 'BEP20' | 'TRC20'; address: string; chainId: number };

export type AppSetup = {
  base: URL;
  chains: readonly ChainSetup[];
  receiving: readonly ReceivingSetup[];
  /** The command line that starts the app against these chains (said when the app lacks a node). */
  startLine: string;
  admins: readonly [AdminLogin, AdminLogin];
  /** The app's data folder (DATA_DIR), where the demo admins' two-factor secrets are kept. */
  dataDir: string;
  reason: string;
  log: (line: string) => void;
};

type Chain = {
  id?: number;
  enabled?: boolean;
  verified?: boolean;
  confirmations?: number;
  token?: { address?: string; symbol?: string; decimals?: number };
  min_deposit?: string;
  forwarder_factory?: string | null;
  payout_contract?: string | null;
};
type ReceivingAddress = { currency?: string; address?: string; chain_id?: number | null };

/** Waits for the app and configures it; true when everything is in force at the end. */
export async function configureApp(o: AppSetup): Promise<boolean> {
  const { base, log } = o;
  await waitForApp(base, log);
  log(`✓ the app at ${base.origin} is up; configuring it`);
  const local = isLoopback(base);
  if (!local) {
    log(
      `  (${base.origin} is not on this machine: chain:dev sets up no two-factor and keeps no secret for it)`,
    );
  }
  const ctx: SignInContext = {
    base,
    store: local ? path.join(o.dataDir, STORE_FILE) : undefined,
    log,
    interactive: process.stdin.isTTY === true,
  };
  try {
    const first = await signIn(o.admins[0], ctx);
    if (!first.ok) {
      manualSteps(o, o.chains, o.receiving);
      return finish(o, false);
    }
    const second = await signIn(o.admins[1], ctx);
    const admins = { first: first.token, second, secondEmail: o.admins[1].email };
    let done = true;
    for (const chain of o.chains) done = (await setChain(o, chain, admins)) && done;
    for (const address of o.receiving) done = (await setReceivingAddress(o, address, admins)) && done;
    return finish(o, done);
  } catch (error) {
    log(`✗ configuring the app failed: ${error instanceof Error ? error.message : String(error)}`);
    manualSteps(o, o.chains, o.receiving);
    return finish(o, false);
  }
}

type Admins = { first: string; second: SignedIn; secondEmail: string };

async function signIn(who: AdminLogin, ctx: SignInContext): Promise<SignedIn> {
  const result = await signInAdmin(who, ctx);
  if (result.ok) ctx.log(`✓ signed in as ${who.email} (second factor: ${result.how})`);
  else ctx.log([`✗ ${result.why}`, ...result.guidance.map((line) => `   ${line}`)].join('\n'));
  return result;
}

function finish(o: AppSetup, done: boolean): boolean {
  const names = o.chains.map((c) => `${c.name} (${c.token.symbol})`).join(' and ');
  o.log(
    done
      ? `✓ Done: the app at ${o.base.origin} takes deposits on ${names}, to every member's own address too.`
      : `✗ Not done: the app at ${o.base.origin} is not fully configured (see the ✗ lines above).`,
  );
  return done;
}

/** An address in one comparable form: 20-byte hex in lower case (TRON's `T...` decoded). */
const hexOf = (address: string | null | undefined): string => {
  if (!address) return '';
  return isTronBase58(address) ? tronToHex(address) : address.toLowerCase();
};
const sameAddress = (a: string | null | undefined, b: string) => hexOf(a) === hexOf(b);
/** Decimal texts as amounts: '1' and '1.00000000' are the same. */
const sameAmount = (a: string | undefined, b: string) => {
  const norm = (t: string) =>
    t
      .trim()
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  return a !== undefined && norm(a) === norm(b);
};

async function chainOf(o: AppSetup, chainId: number): Promise<Chain | undefined> {
  const res = await api(o.base, 'GET', '/chains');
  const evm = field(res.body, 'chains');
  const all = [...(Array.isArray(evm) ? (evm as Chain[]) : []), field(res.body, 'tron') as Chain | null];
  return all.find((c) => c?.id === chainId) ?? undefined;
}

const chainInForce = (c: ChainSetup, now: Chain | undefined): boolean =>
  now?.enabled === true &&
  sameAddress(now.token?.address, c.token.address) &&
  now.token?.symbol === c.token.symbol &&
  now.token?.decimals === c.token.decimals &&
  (now.confirmations ?? 0) >= c.confirmations &&
  sameAddress(now.forwarder_factory, c.factory) &&
  sameAddress(now.payout_contract, c.payoutContract) &&
  sameAmount(now.min_deposit, c.minDeposit);

async function setChain(o: AppSetup, c: ChainSetup, admins: Admins): Promise<boolean> {
  const { token } = c;
  const what =
    `chain ${c.chainId} (${c.name}): token ${token.symbol} ${token.address} (${token.decimals} decimals), ` +
    `payout contract ${c.payoutContract}`;
  const before = await chainOf(o, c.chainId);
  if (before?.verified === false) {
    noNode(o, c);
    return false;
  }
  if (chainInForce(c, before)) {
    o.log(
      `✓ ${what}, ${before?.confirmations} confirmations, deposit factory ${c.factory}, minimum ${c.minDeposit}: already in force (left as it is)`,
    );
    return true;
  }
  if (before === undefined) {
    o.log(`✗ ${what}: the app does not list chain ${c.chainId} (GET /api/v1/chains); is it up to date?`);
    return false;
  }
  const confirmations = Math.max(before.confirmations ?? 0, c.confirmations);
  const answer = await api(o.base, 'PUT', `/chains/${c.chainId}`, admins.first, {
    enabled: true,
    token_address: token.address,
    token_symbol: token.symbol,
    token_decimals: token.decimals,
    confirmations,
    min_deposit: c.minDeposit,
    forwarder_factory: c.factory,
    payout_contract: c.payoutContract,
    reason: o.reason,
  });
  if (answer.status === 400 && /factory|payout contract/i.test(describe(answer))) {
    if (/no node/i.test(describe(answer))) {
      noNode(o, c);
      return false;
    }
    o.log(`✗ PUT /api/v1/chains/${c.chainId} answered ${describe(answer)}`);
    o.log(
      `   Does the app read ${c.name} on another node than this chain:dev's (${c.rpcUrl})? Start it with:\n     ${o.startLine}`,
    );
    manualSteps(o, [c], []);
    return false;
  }
  const settled = await settle(o, answer, `PUT /api/v1/chains/${c.chainId}`, admins);
  if (settled && chainInForce(c, await chainOf(o, c.chainId))) {
    o.log(
      `✓ ${what}, ${confirmations} confirmations, deposit factory ${c.factory}, minimum ${c.minDeposit}: in force`,
    );
    return true;
  }
  if (settled) o.log(`✗ ${what}: saved, but GET /api/v1/chains does not show it`);
  manualSteps(o, [c], []);
  return false;
}

/** The app answers but has no node for the chain: it cannot check the contracts nor verify deposits there. */
function noNode(o: AppSetup, c: ChainSetup): void {
  o.log(
    [
      `✗ chain ${c.chainId} (${c.name}): the app has no node for it (started without CHAIN_RPC_URL_${c.chainId}),`,
      '   so it cannot check the deposit factory and payout contract there nor credit deposits. Stop the app and',
      '   start it with:',
      `     ${o.startLine}`,
      '   then run chain:dev again (or leave it running and restart only the app, then run it again).',
    ].join('\n'),
  );
}

async function receivingAddressOf(o: AppSetup, r: ReceivingSetup, token: string) {
  const res = await api(o.base, 'GET', '/qr', token);
  if (!res.ok) throw new Error(`GET /api/v1/qr answered ${describe(res)}`);
  const list = (field(res.body, 'addresses') ?? []) as ReceivingAddress[];
  return list.find(
    (a) =>
      a.currency === r.currency && (r.currency === 'TRC20' || a.chain_id == null || a.chain_id === r.chainId),
  );
}

async function setReceivingAddress(o: AppSetup, r: ReceivingSetup, admins: Admins): Promise<boolean> {
  const existing = await receivingAddressOf(o, r, admins.first);
  if (existing) {
    o.log(`✓ a ${r.currency} receiving address is already set: ${existing.address} (left as it is)`);
    return true;
  }
  const answer = await api(o.base, 'POST', '/qr/add', admins.first, {
    currency: r.currency,
    address: r.address,
    label: 'local dev chain',
    reason: o.reason,
  });
  const settled = await settle(o, answer, `POST /api/v1/qr/add (${r.currency})`, admins);
  const now = settled ? await receivingAddressOf(o, r, admins.first) : undefined;
  if (now) {
    o.log(`✓ ${r.currency} receiving address in force: ${now.address}`);
    return true;
  }
  if (settled) o.log(`✗ the ${r.currency} receiving address was saved, but GET /api/v1/qr does not show it`);
  manualSteps(o, [], [r]);
  return false;
}

/**
 * The first admin's answer: done (200/201), or waiting for a second admin (202), which the second demo
 * admin then approves. False, with the reason printed, when it is not in force.
 */
async function settle(o: AppSetup, answer: ApiAnswer, request: string, admins: Admins): Promise<boolean> {
  if (answer.status !== 202) {
    if (!answer.ok) {
      const hint = answer.status === 404 ? ' (this server has no such route yet)' : '';
      o.log(`✗ ${request} answered ${describe(answer)}${hint}`);
    }
    return answer.ok;
  }
  const id = field(field(answer.body, 'approval'), 'id');
  o.log(`… ${request} waits for a second admin (approval #${String(id)})`);
  const where = `${new URL('admin/approvals', o.base)}`;
  if (typeof id !== 'number') {
    o.log(`✗ the 202 answer names no approval: approve it as another admin at ${where}`);
    return false;
  }
  if (!admins.second.ok) {
    o.log(`✗ approval #${id} waits: sign in as another admin and approve it at ${where}`);
    return false;
  }
  const approved = await api(o.base, 'POST', `/admin/approvals/${id}/approve`, admins.second.token, {});
  if (!approved.ok) {
    o.log(
      `✗ approving #${id} as ${admins.secondEmail} answered ${describe(approved)}; approve it at ${where}`,
    );
    return false;
  }
  o.log(`✓ approval #${id} approved by ${admins.secondEmail}`);
  return true;
}

function manualSteps(o: AppSetup, chains: readonly ChainSetup[], receiving: readonly ReceivingSetup[]): void {
  const lines = ['   Set it up by hand as an admin instead (a second admin approves each change):'];
  for (const c of chains) {
    lines.push(
      `     - ${new URL('admin/web3', o.base)}: ${c.name} (chain ${c.chainId}) on, token ${c.token.address},`,
      `       ${c.token.symbol}, ${c.token.decimals} decimals, ${c.confirmations} confirmations, deposit factory`,
      `       ${c.factory}, payout contract ${c.payoutContract}, minimum ${c.minDeposit}`,
      `       (PUT /api/v1/chains/${c.chainId});`,
    );
  }
  for (const r of receiving) {
    lines.push(`     - a ${r.currency} receiving address, e.g. ${r.address} (POST /api/v1/qr/add).`);
  }
  o.log(lines.join('\n'));
}
