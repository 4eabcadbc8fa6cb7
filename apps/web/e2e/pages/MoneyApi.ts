import { type APIRequestContext, expect } from '@playwright/test';
import { signInWithSecondFactor } from './secondFactor';

export interface WalletBalances {
  deposit: string;
  working: string;
  non_working: string;
  compound: string;
  pending_withdrawals: string;
}

/**
 * Signs in through the API and returns the bearer token and the account id (for checks, not for the UI).
 * The second factor is done as well (decision 0023): an admin's first sign-in of the run enrols, later ones
 * verify a code (e2e/pages/secondFactor.ts); a member with two-factor on verifies too.
 */
export async function apiSignIn(
  request: APIRequestContext,
  area: 'member' | 'admin',
  email: string,
  password: string,
): Promise<{ token: string; id: number; username: string }> {
  return signInWithSecondFactor(request, area, email, password);
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export async function walletOf(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<WalletBalances> {
  const { wallets: w } = await apiGet<{ wallets: WalletBalances }>(request, token, `/tr/wallet/${id}`);
  // The wallet cards' figures (the answer also carries `held`, shown only when a deposit is held: decision 0028).
  return {
    deposit: w.deposit,
    working: w.working,
    non_working: w.non_working,
    compound: w.compound,
    pending_withdrawals: w.pending_withdrawals,
  };
}

/** "1234.50000000" -> "$1,234.50": exact text arithmetic (amounts here are whole cents), never a float. */
export function usd(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})(\d*)$/.exec(amount);
  if (match === null) throw new Error(`not an amount: ${amount}`);
  const [, sign = '', whole = '0', cents = '00', rest = ''] = match;
  if (/[1-9]/.test(rest)) throw new Error(`not whole cents: ${amount}`);
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Adds whole amounts given as decimal text ("1000.00000000" + "50") exactly, as 10^-8 units. */
export function addAmounts(...amounts: string[]): string {
  const units = (a: string) => {
    const [w = '0', f = ''] = a.split('.');
    const sign = w.startsWith('-') ? -1n : 1n;
    return sign * (BigInt(w.replace('-', '')) * 100_000_000n + BigInt(f.padEnd(8, '0').slice(0, 8)));
  };
  const total = amounts.reduce((sum, a) => sum + units(a), 0n);
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`;
}

export function randomHash(): string {
  let hex = '';
  for (let i = 0; i < 64; i++) hex += Math.floor(Math.random() * 16).toString(16);
  return `0x${hex}`;
}

/** A random all-lowercase EVM address (valid: lowercase carries no checksum). */
export function randomEvmAddress(): string {
  let hex = '';
  for (let i = 0; i < 40; i++) hex += Math.floor(Math.random() * 16).toString(16);
  return `0x${hex}`;
}

export async function apiPost<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/**
 * A member's pending deposit, made through the API. Without `chainId` it is BNB Smart Chain's, which the
 * server reads in these tests (a local node): a random hash then waits for the chain, and only an admin
 * can decide it. A chain the server does not read (e.g. Polygon, 137) leaves it to an admin from the start.
 */
export async function depositViaApi(
  request: APIRequestContext,
  token: string,
  userId: number,
  amount: string,
  chainId?: number,
) {
  const hash = randomHash();
  const body = await apiPost<{ deposit: { id: number } }>(request, token, '/deposite/add', {
    user_id: userId,
    amount,
    currency: 'BEP20',
    hash,
    ...(chainId === undefined ? {} : { chain_id: chainId }),
  });
  return { id: body.deposit.id, hash };
}
