import type { APIRequestContext } from '@playwright/test';
import { MIN_CONFIRMATIONS } from '@sgx/chain';
import {
  batchPayoutAddress,
  DEV_ACCOUNTS,
  DEV_TOKEN_ADDRESS,
  depositFactoryAddress,
  mintTestStablecoin,
} from '@sgx/chain/dev';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { demoAdmin, registerViaApi } from '../fixtures';
import { adminCallApproved } from './ApprovalPages';
import { apiGet, apiPost, apiSignIn } from './MoneyApi';
import { runServerJob } from './serverJobs';

/**
 * The run's local chain (anvil as BNB Smart Chain, 56, started by playwright.config.ts through chain-server.ts)
 * as the chain deposit specs set it up and pay on it, through the API.
 */
export const CHAIN_URL = `http://127.0.0.1:${Number(process.env.E2E_CHAIN_PORT ?? 8646)}`;
export const RECEIVING = DEV_ACCOUNTS[9]?.address ?? '';
/** Where sweeps of members' own addresses go: fixed in the deposit factory chain-server.ts deploys (decision 0033). */
export const TREASURY = DEV_ACCOUNTS[8]?.address ?? '';
/** The deposit factory of members' own addresses: the same address on any anvil. */
export const FACTORY = depositFactoryAddress({ treasury: TREASURY as Hex });
/** The minimum deposit setUpChain sets: smaller transfers to own addresses are recorded, not credited. */
export const MIN_DEPOSIT = '1';
/** BNB Smart Chain's floor (decision 0029): no setting may credit a deposit after fewer blocks. */
export const CONFIRMATIONS = MIN_CONFIRMATIONS[56];

type LiveAddress = { id: number; currency: string; chain_id: number | null; address: string };
/** What chain 56's own receiving address was before setUpChain changed it (undefined: unchanged). */
let changedFrom: { previous: LiveAddress | null } | undefined;
/** setUpChain set the deposit factory (chain 56 had none): restoreReceiving takes it off again. */
let factorySet = false;
/**
 * setUpChain set the payout contract (decision 0034): restoreReceiving takes it off again, or other specs' approved
 * withdrawals would wait for an on-chain payout instead of completing.
 */
let payoutSet = false;

/** Chain 56's settings in every PUT /chains/56 of the specs: on, the local stablecoin, the floor's confirmations. */
const LOCAL_STABLECOIN = {
  enabled: true,
  token_address: DEV_TOKEN_ADDRESS,
  token_symbol: 'USDT',
  token_decimals: 18,
  confirmations: CONFIRMATIONS,
};

type ChainRow = { id: number; forwarder_factory: string | null; payout_contract: string | null };
const chain56 = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ chains: ChainRow[] }>(request, token, '/chains')).chains.find((c) => c.id === 56);

const chainAddress = async (request: APIRequestContext, token: string) =>
  (await apiGet<{ addresses: LiveAddress[] }>(request, token, '/qr')).addresses.find(
    (a) => a.currency === 'BEP20' && a.chain_id === 56,
  ) ?? null;

/**
 * As an admin, through the API: chain 56 takes the local stablecoin, with the minimum deposit and the deposit
 * factory of members' own addresses (decision 0033: every member then has an address of their own), and has its own
 * receiving address. Each change waits for the second admin, who approves it (decision 0029); set already, nothing
 * is asked. Specs that call it put chain 56 back after each test (restoreReceiving), so later specs see the
 * platform's own receiving address and no own addresses.
 */
export async function setUpChain(request: APIRequestContext, options: { payouts?: boolean } = {}) {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const previous = await chainAddress(request, admin.token);
  const before = await chain56(request, admin.token);
  if ((before?.forwarder_factory ?? null) === null) factorySet = true;
  // With `payouts` (decision 0034): approved withdrawals of BEP20 are then paid on chain 56 through PAYOUT_CONTRACT.
  if (options.payouts === true && (before?.payout_contract ?? null) === null) payoutSet = true;
  await adminCallApproved(
    request,
    admin.token,
    '/chains/56',
    {
      ...LOCAL_STABLECOIN,
      min_deposit: MIN_DEPOSIT,
      forwarder_factory: FACTORY,
      ...(options.payouts === true ? { payout_contract: PAYOUT_CONTRACT } : {}),
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

/**
 * Puts chain 56 back as setUpChain found it: its receiving address, and no deposit factory or payout contract when
 * it had none (each change approved by the second admin).
 */
export async function restoreReceiving(request: APIRequestContext) {
  if (changedFrom === undefined && !factorySet && !payoutSet) return;
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  if (factorySet || payoutSet) {
    const off = {
      ...(factorySet ? { forwarder_factory: null } : {}),
      ...(payoutSet ? { payout_contract: null } : {}),
    };
    factorySet = false;
    payoutSet = false;
    await adminCallApproved(
      request,
      admin.token,
      '/chains/56',
      { ...LOCAL_STABLECOIN, ...off, reason: 'e2e: chain 56 as before the local chain spec' },
      'PUT',
    );
  }
  if (changedFrom === undefined) return;
  const { previous } = changedFrom;
  changedFrom = undefined;
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

/**
 * Sends `amount` of the local stablecoin from `account` to `to` and waits until it is mined (anvil answers the
 * hash before its block is made, so a read right after could miss it); the transaction's hash.
 */
export async function payTo(account: PrivateKeyAccount, to: string, amount: string): Promise<Hex> {
  const hash = await createWalletClient({ account, transport: http(CHAIN_URL) }).sendTransaction({
    chain: null,
    to: DEV_TOKEN_ADDRESS,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Hex, parseUnits(amount, 18)],
    }),
  });
  const receipt = await createPublicClient({ transport: http(CHAIN_URL) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 100,
  });
  if (receipt.status !== 'success') throw new Error(`The payment ${hash} reverted.`);
  return hash;
}

/** Sends `amount` of the local stablecoin from `account` to the receiving address; the transaction's hash. */
export const payReceiving = (account: PrivateKeyAccount, amount: string) => payTo(account, RECEIVING, amount);

/** What `address` holds of the local stablecoin, in whole tokens as decimal text ("40"). */
export async function stablecoinBalance(address: string): Promise<string> {
  const raw = await createPublicClient({ transport: http(CHAIN_URL) }).readContract({
    address: DEV_TOKEN_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  });
  return formatUnits(raw, 18);
}

/** The member's own EVM deposit address (GET /wallets/deposit-addresses: made on the first read). */
export async function ownEvmAddress(request: APIRequestContext, token: string): Promise<string> {
  const { addresses } = await apiGet<{ addresses: { network: string; address: string }[] }>(
    request,
    token,
    '/wallets/deposit-addresses',
  );
  const evm = addresses.find((a) => a.network === 'EVM');
  if (evm === undefined) throw new Error(`no EVM deposit address: ${JSON.stringify(addresses)}`);
  return evm.address;
}

/**
 * The server's minutely chain job now (scan every chain for transfers to members' own addresses, check open
 * deposits and sent sweeps), waiting until it has run: specs need not wait for the minute.
 */
export const runChainScan = () => runServerJob('deposits-chain-minutely');

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

/** The BatchPayout contract of withdrawals (decision 0034) chain-server.ts deploys: the same address on any anvil. */
export const PAYOUT_CONTRACT = batchPayoutAddress();
