import type { APIRequestContext } from '@playwright/test';
import { MIN_CONFIRMATIONS } from '@sgx/chain';
import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, mintTestStablecoin } from '@sgx/chain/dev';
import { createWalletClient, encodeFunctionData, erc20Abi, type Hex, http, parseUnits } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { demoAdmin, registerViaApi } from '../fixtures';
import { adminCallApproved } from './ApprovalPages';
import { apiGet, apiPost, apiSignIn } from './MoneyApi';

/**
 * The run's local chain (anvil as BNB Smart Chain, 56, started by playwright.config.ts through chain-server.ts)
 * as the chain deposit specs set it up and pay on it, through the API.
 */
export const CHAIN_URL = `http://127.0.0.1:${Number(process.env.E2E_CHAIN_PORT ?? 8646)}`;
export const RECEIVING = DEV_ACCOUNTS[9]?.address ?? '';
/** BNB Smart Chain's floor (issue 19): no setting may credit a deposit after fewer blocks. */
export const CONFIRMATIONS = MIN_CONFIRMATIONS[56];

type LiveAddress = { id: number; currency: string; chain_id: number | null; address: string };
/** What chain 56's own receiving address was before setUpChain changed it (undefined: unchanged). */
let changedFrom: { previous: LiveAddress | null } | undefined;

const chainAddress = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ addresses: LiveAddress[] }>(request, token, '/qr')).addresses.find(
    (a) => a.currency === 'BEP20' && a.chain_id === 56,
  ) ?? null;

/**
 * As an admin, through the API: chain 56 takes the local stablecoin, and has its own receiving address. Each
 * change waits for the second admin, who approves it (issue 19); set already, nothing is asked. Specs that call
 * it put the address back after each test (restoreReceiving), so later specs see the platform's own.
 */
export async function setUpChain(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const previous = await chainAddress(request, admin.token);
  await adminCallApproved(
    request,
    admin.token,
    '/chains/56',
    {
      enabled: true,
      token_address: DEV_TOKEN_ADDRESS,
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: CONFIRMATIONS,
      reason: 'e2e: the local chain',
    },
    'PUT',
  );
  if (previous?.address === RECEIVING) return;
  await adminCallApproved(request, admin.token, '/qr/add', {
    currency: 'BEP20',
    chain_id: 56,
    address: RECEIVING,
    reason: 'e2e: receiving address on the local chain',
  });
  changedFrom = { previous };
}

/** Puts chain 56's receiving address back as setUpChain found it (each change approved by the second admin). */
export async function restoreReceiving(request: APIRequestContext) {
  if (changedFrom === undefined) return;
  const { previous } = changedFrom;
  changedFrom = undefined;
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const now = await chainAddress(request, admin.token);
  if (now?.address !== RECEIVING) return;
  if (previous === null) await adminCallApproved(request, admin.token, `/qr/${now.id}`, undefined, 'DELETE');
  else
    await adminCallApproved(request, admin.token, '/qr/add', {
      currency: 'BEP20',
      chain_id: 56,
      address: previous.address,
      reason: 'e2e: the receiving address before the local chain spec',
    });
}

/** Links `account` to the member of `token` through the API, signing the server's challenge. */
export async function linkWalletViaApi(
  request: APIRequestContext,
  token: string,
  account: PrivateKeyAccount,
) {
  const challenge = await apiPost<{ message: string }>(request, token, '/wallets/challenge', {
    address: account.address,
    chainId: 56,
  });
  await apiPost(request, token, '/wallets/link', {
    message: challenge.message,
    signature: await account.signMessage({ message: challenge.message }),
  });
}

/**
 * A new member (registered and signed in through the API) with `payer` linked as their wallet, and `amount` of the
 * local stablecoin minted to it.
 */
export async function payingMember(
  request: APIRequestContext,
  label: string,
  payer: PrivateKeyAccount,
  amount: string,
) {
  const member = await registerViaApi(request, label);
  const session = await apiSignIn(request, 'member', member.email, member.password);
  await linkWalletViaApi(request, session.token, payer);
  await mintTestStablecoin(CHAIN_URL, DEV_TOKEN_ADDRESS, payer.address, parseUnits(amount, 18));
  return { member, session };
}

/** Sends `amount` of the local stablecoin from `account` to the receiving address; the transaction's hash. */
export function payReceiving(account: PrivateKeyAccount, amount: string): Promise<Hex> {
  return createWalletClient({ account, transport: http(CHAIN_URL) }).sendTransaction({
    chain: null,
    to: DEV_TOKEN_ADDRESS,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECEIVING as Hex, parseUnits(amount, 18)],
    }),
  });
}

/** A member's report of a chain 56 deposit (POST /deposite/add). */
export const reportDeposit = (
  request: APIRequestContext,
  token: string,
  userId: number,
  amount: string,
  hash: string,
) =>
  apiPost<{ deposit: { id: number } }>(request, token, '/deposite/add', {
    user_id: userId,
    amount,
    currency: 'BEP20',
    hash,
    chain_id: 56,
  });
