import path from 'node:path';
import type { Address } from 'viem';
import { isSupportedChainId, MIN_CONFIRMATIONS } from '../chains';
import { type AdminLogin, type SignedIn, type SignInContext, STORE_FILE, signInAdmin } from './admin-sign-in';
import { type ApiAnswer, api, describe, field, isLoopback, waitForApp } from './app-api';

/**
 * The app-configuring half of `npm run chain:dev`: once the app is up, the first demo admin asks for the
 * chain's settings (the test token, the chain's confirmations) and a BEP20 receiving address, and the second
 * demo admin approves what waits for a second admin (202). What is already in force is left as it is, so
 * running it again changes nothing. Every step is printed with ✓ or ✗.
 */

/** The confirmations chain:dev asks for: the chain's floor (MIN_CONFIRMATIONS; 15 for a chain id with none). */
export const confirmationsFor = (chainId: number): number =>
  isSupportedChainId(chainId) ? MIN_CONFIRMATIONS[chainId] : 15;

export type AppSetup = {
  base: URL;
  chainId: number;
  token: { address: Address; symbol: string; decimals: number };
  confirmations: number;
  receiving: Address;
  admins: readonly [AdminLogin, AdminLogin];
  /** The app's data folder (DATA_DIR), where the demo admins' two-factor secrets are kept. */
  dataDir: string;
  reason: string;
  log: (line: string) => void;
};

type Chain = {
  id?: number;
  enabled?: boolean;
  confirmations?: number;
  token?: { address?: string; symbol?: string; decimals?: number };
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
      manualSteps(o, { chain: true, address: true });
      return finish(o, false);
    }
    const second = await signIn(o.admins[1], ctx);
    const admins = { first: first.token, second, secondEmail: o.admins[1].email };
    const chainDone = await setChain(o, admins);
    const addressDone = await setReceivingAddress(o, admins);
    return finish(o, chainDone && addressDone);
  } catch (error) {
    log(`✗ configuring the app failed: ${error instanceof Error ? error.message : String(error)}`);
    manualSteps(o, { chain: true, address: true });
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
  o.log(
    done
      ? `✓ Done: the app at ${o.base.origin} takes wallet deposits on chain ${o.chainId} (${o.token.symbol}).`
      : `✗ Not done: the app at ${o.base.origin} is not fully configured (see the ✗ lines above).`,
  );
  return done;
}

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

async function chainOf(o: AppSetup): Promise<Chain | undefined> {
  const res = await api(o.base, 'GET', '/chains');
  const chains = field(res.body, 'chains');
  return Array.isArray(chains) ? (chains as Chain[]).find((c) => c.id === o.chainId) : undefined;
}

const chainInForce = (o: AppSetup, c: Chain | undefined): boolean =>
  c?.enabled === true &&
  sameAddress(c.token?.address, o.token.address) &&
  c.token?.symbol === o.token.symbol &&
  c.token?.decimals === o.token.decimals &&
  (c.confirmations ?? 0) >= o.confirmations;

async function setChain(o: AppSetup, admins: Admins): Promise<boolean> {
  const { token } = o;
  const what = `chain ${o.chainId}: token ${token.symbol} ${token.address} (${token.decimals} decimals)`;
  const before = await chainOf(o);
  if (chainInForce(o, before)) {
    o.log(`✓ ${what}, ${before?.confirmations} confirmations: already in force (left as it is)`);
    return true;
  }
  const answer = await api(o.base, 'PUT', `/chains/${o.chainId}`, admins.first, {
    enabled: true,
    token_address: token.address,
    token_symbol: token.symbol,
    token_decimals: token.decimals,
    confirmations: o.confirmations,
    reason: o.reason,
  });
  const settled = await settle(o, answer, `PUT /api/v1/chains/${o.chainId}`, admins);
  if (settled && chainInForce(o, await chainOf(o))) {
    o.log(`✓ ${what}, ${o.confirmations} confirmations: in force`);
    return true;
  }
  if (settled) o.log(`✗ ${what}: saved, but GET /api/v1/chains does not show it`);
  manualSteps(o, { chain: true, address: false });
  return false;
}

async function receivingAddressOf(o: AppSetup, token: string): Promise<ReceivingAddress | undefined> {
  const res = await api(o.base, 'GET', '/qr', token);
  if (!res.ok) throw new Error(`GET /api/v1/qr answered ${describe(res)}`);
  const list = (field(res.body, 'addresses') ?? []) as ReceivingAddress[];
  return list.find((a) => a.currency === 'BEP20' && (a.chain_id == null || a.chain_id === o.chainId));
}

async function setReceivingAddress(o: AppSetup, admins: Admins): Promise<boolean> {
  const existing = await receivingAddressOf(o, admins.first);
  if (existing) {
    o.log(`✓ a BEP20 receiving address is already set: ${existing.address} (left as it is)`);
    return true;
  }
  const answer = await api(o.base, 'POST', '/qr/add', admins.first, {
    currency: 'BEP20',
    address: o.receiving,
    label: 'local dev chain',
    reason: o.reason,
  });
  const settled = await settle(o, answer, 'POST /api/v1/qr/add', admins);
  const now = settled ? await receivingAddressOf(o, admins.first) : undefined;
  if (now) {
    o.log(`✓ BEP20 receiving address in force: ${now.address}`);
    return true;
  }
  if (settled) o.log('✗ the receiving address was saved, but GET /api/v1/qr does not show it');
  manualSteps(o, { chain: false, address: true });
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

function manualSteps(o: AppSetup, parts: { chain: boolean; address: boolean }): void {
  const lines = ['   Set it up by hand as an admin instead (a second admin approves each change):'];
  if (parts.chain) {
    lines.push(
      `     - ${new URL('admin/web3', o.base)}: chain ${o.chainId} on, token ${o.token.address}, symbol`,
      `       ${o.token.symbol}, ${o.token.decimals} decimals, ${o.confirmations} confirmations (PUT /api/v1/chains/${o.chainId});`,
    );
  }
  if (parts.address) {
    lines.push(`     - a BEP20 receiving address, e.g. ${o.receiving} (POST /api/v1/qr/add).`);
  }
  o.log(lines.join('\n'));
}
