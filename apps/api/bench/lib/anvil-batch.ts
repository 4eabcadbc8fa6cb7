import { DEV_ACCOUNTS, mintTestStablecoin, TEST_STABLECOIN_ABI } from '@sgx/chain/dev';
import { type Address, encodeFunctionData, type Hex, toHex } from 'viem';

/** One token transfer to send: from DEV_ACCOUNTS[from], `value` base units to `to`. */
export type PlannedTransfer = { from: number; to: string; value: bigint };

type RpcAnswer = { id: number; result?: unknown; error?: { message: string } };

/** JSON-RPC calls to a node in one HTTP request (a batch); throws on the first error. */
export async function rpcBatch(
  url: string,
  calls: { method: string; params: unknown[] }[],
): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  if (!res.ok) throw new Error(`The node answered ${res.status} to a batch of ${calls.length} calls.`);
  const answers = (await res.json()) as RpcAnswer[];
  const out: unknown[] = new Array(calls.length);
  for (const a of answers) {
    if (a.error) throw new Error(`${calls[a.id]?.method}: ${a.error.message}`);
    out[a.id] = a.result;
  }
  return out;
}

export const rpc = async (url: string, method: string, params: unknown[] = []) =>
  (await rpcBatch(url, [{ method, params }]))[0];

/** Mints each of DEV_ACCOUNTS[0..senders) `amount` of the test stablecoin (anvil mining a block per transaction). */
export async function fundSenders(
  url: string,
  token: Address,
  senders: number,
  amount: bigint,
): Promise<void> {
  for (let i = 0; i < senders; i++)
    await mintTestStablecoin(url, token, DEV_ACCOUNTS[i]?.address as Address, amount);
}

/**
 * Sends many token transfers at once on anvil: automine off, the transactions submitted from the node's unlocked
 * dev accounts with their nonces set (JSON-RPC batches of `batch`), then blocks mined one at a time until the pool
 * is empty (as many transfers per block as its gas holds), automine back on. At most `wave` transactions wait in
 * the pool at once: anvil silently drops some beyond a few thousand. Resolves with the first and last block
 * holding them and their transaction hashes (in the order planned).
 */
export async function sendTransferBurst(
  url: string,
  token: Address,
  planned: PlannedTransfer[],
  opts: { batch?: number; wave?: number } = {},
): Promise<{ firstBlock: bigint; lastBlock: bigint; hashes: Hex[] }> {
  const batch = opts.batch ?? 500;
  const wave = opts.wave ?? 2_500;
  const senders = [...new Set(planned.map((p) => p.from))];
  const counts = await rpcBatch(
    url,
    senders.map((s) => ({
      method: 'eth_getTransactionCount',
      params: [DEV_ACCOUNTS[s]?.address, 'pending'],
    })),
  );
  const nonces = new Map(senders.map((s, i) => [s, BigInt(counts[i] as string)]));
  const before = BigInt((await rpc(url, 'eth_blockNumber')) as string);
  let last = before;
  await rpc(url, 'evm_setAutomine', [false]);
  const hashes: Hex[] = [];
  try {
    for (let w = 0; w < planned.length; w += wave) {
      for (let lo = w; lo < Math.min(planned.length, w + wave); lo += batch) {
        const calls = planned.slice(lo, Math.min(lo + batch, w + wave)).map((p) => {
          const nonce = nonces.get(p.from) ?? 0n;
          nonces.set(p.from, nonce + 1n);
          const data = encodeFunctionData({
            abi: TEST_STABLECOIN_ABI,
            functionName: 'transfer',
            args: [p.to as Address, p.value],
          });
          const from = DEV_ACCOUNTS[p.from]?.address;
          return {
            method: 'eth_sendTransaction',
            params: [{ from, to: token, data, gas: toHex(100_000), nonce: toHex(nonce) }],
          };
        });
        hashes.push(...((await rpcBatch(url, calls)) as Hex[]));
      }
      for (;;) {
        const status = (await rpc(url, 'txpool_status')) as { pending: string; queued: string };
        if (BigInt(status.pending) + BigInt(status.queued) === 0n) break;
        await rpc(url, 'evm_mine');
        last += 1n;
      }
    }
    return { firstBlock: before + 1n, lastBlock: last, hashes };
  } finally {
    await rpc(url, 'evm_setAutomine', [true]);
  }
}
