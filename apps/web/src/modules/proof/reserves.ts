import { chainTransport } from '@sgx/chain';
import type { ProofReserve } from '@sgx/contracts';

/**
 * What the proof page checks itself (decision 0044), never taking the server's word: a reserve
 * address's EIP-191 signature over the message naming the platform and that address, and the root written on
 * chain, read from the chain's public RPC. viem loads with the first check, not with the page.
 */
export const RESERVE_PREFIX = 'SocialGenX proof of reserves';

/** Whether the address signed the shown message, and the message names the platform and this very address. */
export async function checkReserveSignature(r: ProofReserve): Promise<boolean> {
  if (r.kind !== 'proven' || r.address === null || r.message === null || r.signature === null) return false;
  const [prefix, named] = r.message.split('\n');
  if (prefix !== RESERVE_PREFIX || named?.toLowerCase() !== `address: ${r.address.toLowerCase()}`)
    return false;
  const { verifyMessage } = await import('viem');
  return verifyMessage({
    address: r.address as `0x${string}`,
    message: r.message,
    signature: r.signature as `0x${string}`,
  }).catch(() => false);
}

export type OnchainCheck =
  | { state: 'verified' }
  | { state: 'mismatch' }
  | { state: 'unchecked'; reason: string };

/** Reads the transaction from the chain's public endpoints (in order) and compares its data with the root. */
export async function checkOnchainRoot(
  rpcUrls: readonly string[],
  txHash: string,
  root: string,
): Promise<OnchainCheck> {
  if (rpcUrls.length === 0)
    return { state: 'unchecked', reason: 'no public RPC endpoint is known for this chain' };
  const { createPublicClient } = await import('viem');
  let reason = '';
  for (const url of rpcUrls) {
    try {
      const client = createPublicClient({ transport: chainTransport(url) });
      const tx = await client.getTransaction({ hash: txHash as `0x${string}` });
      return tx.input.toLowerCase() === `0x${root}` ? { state: 'verified' } : { state: 'mismatch' };
    } catch (err) {
      reason = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    }
  }
  return { state: 'unchecked', reason };
}
