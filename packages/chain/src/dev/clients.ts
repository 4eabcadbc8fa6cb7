import { createPublicClient, createWalletClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devAccount } from './accounts';

/** How often the dev tooling polls a local node (receipts, blocks). */
export const POLLING_MS = 100;

export const publicClient = (url: string) =>
  createPublicClient({ transport: http(url), pollingInterval: POLLING_MS });

/** A wallet signing locally with DEV_ACCOUNTS[signer], or with the private key `signer`. */
export const walletClient = (url: string, signer: number | Hex) =>
  createWalletClient({
    account: privateKeyToAccount(typeof signer === 'number' ? devAccount(signer).privateKey : signer),
    transport: http(url),
    pollingInterval: POLLING_MS,
  });

// Transactions from one signer to one node are submitted one at a time, so concurrent calls each read the
// right pending nonce (viem reads it per transaction). Only the submission is serialized, not the wait for
// the receipt.
const submissions = new Map<string, Promise<unknown>>();
export function submitInOrder<T>(url: string, signer: number | Hex, send: () => Promise<T>): Promise<T> {
  const from = privateKeyToAccount(
    typeof signer === 'number' ? devAccount(signer).privateKey : signer,
  ).address;
  const key = `${url}|${from}`;
  const previous = submissions.get(key) ?? Promise.resolve();
  const next = previous.then(send, send);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  submissions.set(key, settled);
  void settled.then(() => {
    if (submissions.get(key) === settled) submissions.delete(key);
  });
  return next;
}
