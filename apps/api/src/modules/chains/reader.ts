import { BATCH_PAID_EVENT, BATCH_PAYOUT_ABI, erc20Abi, TRANSFER_EVENT } from '@sgx/chain';
import {
  type Address,
  BaseError,
  BlockNotFoundError,
  ContractFunctionExecutionError,
  decodeEventLog,
  type Hex,
  type Log,
  type PublicClient,
  TransactionReceiptNotFoundError,
} from 'viem';

/**
 * The one reader of deposits on an EVM chain (and the TRON stand-in behind its Ethereum-compatible
 * JSON-RPC): a transaction's receipt decoded into its ERC-20 Transfer logs, with the chain's head read in
 * the same round. The verifier, the scan and the re-check after credit all read through here.
 */

/** One ERC-20 Transfer log of a receipt; addresses in lower case. */
export type Transfer = { logIndex: number; token: string; from: string; to: string; value: bigint };

export const lower = (a: string) => a.toLowerCase();
/** A stored hash (64 hex digits, no prefix) as the chain client takes it. */
export const hex = (hash: string): Hex => `0x${hash}` as Hex;
export const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** ERC-20 Transfer logs of a receipt, decoded (logs of other shapes are left out). */
export function transfersOf(logs: readonly Log[]): Transfer[] {
  const out: Transfer[] = [];
  for (const log of logs) {
    try {
      const ev = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics, strict: true });
      if (ev.eventName !== 'Transfer') continue;
      const args = ev.args as { from: Address; to: Address; value: bigint };
      out.push({
        logIndex: log.logIndex ?? -1,
        token: lower(log.address),
        from: lower(args.from),
        to: lower(args.to),
        value: args.value,
      });
    } catch {
      // Not an ERC-20 Transfer (an ERC-721 Transfer has its value indexed, for one): not ours.
    }
  }
  return out;
}

/** A BatchPayout contract's BatchPaid log (decision 0034): which batch `ref` was paid, by whom, in which transaction. */
export type BatchPaid = {
  contract: string;
  ref: string;
  token: string;
  payer: string;
  count: bigint;
  total: bigint;
};

/** BatchPaid logs of a receipt, decoded (any other log is left out). */
export function batchesPaidOf(logs: readonly Log[]): BatchPaid[] {
  const out: BatchPaid[] = [];
  for (const log of logs) {
    try {
      const ev = decodeEventLog({ abi: BATCH_PAYOUT_ABI, data: log.data, topics: log.topics, strict: true });
      if (ev.eventName !== 'BatchPaid') continue;
      const a = ev.args;
      out.push({
        contract: lower(log.address),
        ref: lower(a.ref),
        token: lower(a.token),
        payer: lower(a.payer),
        count: a.count,
        total: a.total,
      });
    } catch {
      // Not a BatchPaid log.
    }
  }
  return out;
}

/** Whether a chain call failed because the node does not know the transaction (yet, or any more). */
export function isNotFound(err: unknown): boolean {
  if (err instanceof TransactionReceiptNotFoundError) return true;
  return err instanceof BaseError && err.walk((e) => e instanceof TransactionReceiptNotFoundError) !== null;
}

/** What the chain says of one transaction now. */
export type ChainRead =
  | { found: false; head: bigint }
  | {
      found: true;
      head: bigint;
      succeeded: boolean;
      blockNumber: bigint;
      blockHash: string;
      /** Blocks built on top of the transaction's block. */
      confirmations: number;
      /** The sender of the transaction. */
      from: string;
      transfers: Transfer[];
      /** BatchPaid logs of payout batches (decision 0034). */
      batches: BatchPaid[];
    };

/**
 * Reads a transaction's receipt and the head in one round. A transaction the node does not know is
 * `found: false`; any other failure (the node is down, answered nonsense) is thrown for the caller.
 */
export async function readTransaction(client: PublicClient, hash: string): Promise<ChainRead> {
  const [receipt, head] = await Promise.all([
    client.getTransactionReceipt({ hash: hex(hash) }).catch((err: unknown) => {
      if (isNotFound(err)) return null;
      throw err;
    }),
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  if (!receipt) return { found: false, head };
  return {
    found: true,
    head,
    succeeded: receipt.status === 'success',
    blockNumber: receipt.blockNumber,
    blockHash: lower(receipt.blockHash),
    confirmations: head >= receipt.blockNumber ? Number(head - receipt.blockNumber) : 0,
    from: lower(receipt.from),
    transfers: transfersOf(receipt.logs),
    batches: batchesPaidOf(receipt.logs),
  };
}

/** The chain's head block: its number and timestamp (seconds), read fresh. */
export async function readHeadBlock(client: PublicClient): Promise<{ number: bigint; timestamp: bigint }> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.number === null) throw new Error('The node answered a pending block as the head.');
  return { number: block.number, timestamp: block.timestamp };
}

/** The chain's head block number, read fresh (no cache). */
export const readHead = (client: PublicClient): Promise<bigint> => client.getBlockNumber({ cacheTime: 0 });

/** One Transfer the scan found: its stored hash (64 lowercase hex digits, no prefix), block, log, sender, receiver, value. */
export type ScannedTransfer = {
  hash: string;
  blockNumber: bigint;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
};

/**
 * The ERC-20 Transfers of `token` in blocks `fromBlock`..`toBlock`, to any receiver (the scan matches receivers
 * against the members' addresses itself, in one statement). Logs without a hash or index (pending ones) are left
 * out; addresses in lower case.
 */
export async function readTokenTransfers(
  client: PublicClient,
  token: string,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<ScannedTransfer[]> {
  const logs = await client.getLogs({
    address: token as Address,
    event: TRANSFER_EVENT,
    fromBlock,
    toBlock,
    strict: true,
  });
  const out: ScannedTransfer[] = [];
  for (const log of logs) {
    if (!log.transactionHash || log.logIndex === null || log.blockNumber === null) continue;
    out.push({
      hash: log.transactionHash.slice(2).toLowerCase(),
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      from: lower(log.args.from),
      to: lower(log.args.to),
      value: log.args.value,
    });
  }
  return out;
}

/** The hash of block `n` as the node sees it now (lower case), or null when it has no such block. */
export async function readBlockHash(client: PublicClient, n: bigint): Promise<string | null> {
  const block = await client.getBlock({ blockNumber: n }).catch((err: unknown) => {
    if (err instanceof BlockNotFoundError) return null;
    throw err;
  });
  return block?.hash ? lower(block.hash) : null;
}

/**
 * The transactions that paid the payout batches `refs` through `contract` in blocks `fromBlock`..`toBlock` (issue
 * 21): a batch its wallet paid is found even when nobody told the server the hash. Hashes as stored (no prefix).
 */
export async function readBatchesPaid(
  client: PublicClient,
  contract: string,
  refs: string[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<{ ref: string; hash: string; blockNumber: bigint }[]> {
  if (refs.length === 0 || toBlock < fromBlock) return [];
  const logs = await client.getLogs({
    address: contract as Address,
    event: BATCH_PAID_EVENT,
    args: { ref: refs as Hex[] },
    fromBlock,
    toBlock,
    strict: true,
  });
  return logs.flatMap((log) =>
    log.transactionHash && log.blockNumber !== null
      ? [
          {
            ref: lower(log.args.ref),
            hash: log.transactionHash.slice(2).toLowerCase(),
            blockNumber: log.blockNumber,
          },
        ]
      : [],
  );
}

/**
 * The BatchPayout version at `contract` (decision 0053): 2 and on answer `version()`; version 1 has no such
 * function, so the call reverts. A node that does not answer throws (nothing is decided on a guess).
 */
export async function readPayoutVersion(client: PublicClient, contract: string): Promise<1 | 2> {
  try {
    const v = await client.readContract({
      address: contract as Address,
      abi: BATCH_PAYOUT_ABI,
      functionName: 'version',
    });
    return v >= 2n ? 2 : 1;
  } catch (err) {
    if (err instanceof ContractFunctionExecutionError) return 1;
    throw err;
  }
}

/** The timestamp of block `n` (seconds), or null when the node has no such block. */
export async function readBlockTime(client: PublicClient, n: bigint): Promise<bigint | null> {
  const block = await client.getBlock({ blockNumber: n }).catch((err: unknown) => {
    if (err instanceof BlockNotFoundError) return null;
    throw err;
  });
  return block ? block.timestamp : null;
}

/**
 * Whether a payout batch is provably never paid (decision 0034): a block past its deadline has `confirmations` blocks
 * on top, and at that block the contract had not paid `ref`. The contract refuses a batch after its deadline, so
 * nothing can pay it later. False whenever that cannot be shown yet.
 */
export async function readBatchDead(
  client: PublicClient,
  b: { contract: string; ref: string; deadline: Date },
  confirmations: number,
): Promise<boolean> {
  const head = await readHead(client);
  if (head < BigInt(confirmations)) return false;
  const at = head - BigInt(confirmations);
  const time = await readBlockTime(client, at);
  if (time === null || time <= BigInt(Math.floor(b.deadline.getTime() / 1000))) return false;
  const paid = await client.readContract({
    address: b.contract as Address,
    abi: BATCH_PAYOUT_ABI,
    functionName: 'paid',
    args: [b.ref as Hex],
    blockNumber: at,
  });
  return !paid;
}

/**
 * The last block whose timestamp is before `seconds`, by binary search on block timestamps (proof of reserves,
 * decision 0044), or null when even the first block is not. Blocks of the second `seconds` itself are left out,
 * so a block mined after the caller read its clock can never be chosen: asked again later, the answer is the same.
 */
export async function readBlockBefore(
  client: PublicClient,
  seconds: bigint,
): Promise<{ number: bigint; hash: string; timestamp: bigint } | null> {
  const at = async (n: bigint) => {
    const b = await client.getBlock({ blockNumber: n });
    if (!b.hash) throw new Error(`The node answered block ${n} without a hash.`);
    return { number: n, hash: lower(b.hash), timestamp: b.timestamp };
  };
  const head = await readHeadBlock(client);
  if (head.timestamp < seconds) return at(head.number);
  let lo = 0n;
  let hi = head.number;
  const first = await at(lo);
  if (first.timestamp >= seconds) return null;
  // Invariant: block lo is before `seconds`, block hi is not.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if ((await at(mid)).timestamp < seconds) lo = mid;
    else hi = mid;
  }
  return at(lo);
}

/**
 * The `token` balances of `addresses` (in the token's units), a few reads at a time: at block `blockNumber`
 * (the proof of reserves' cut-off), or now when it is left out (the sweeps' overview).
 */
export async function readTokenBalancesAt(
  client: PublicClient,
  token: string,
  addresses: readonly string[],
  blockNumber?: bigint,
): Promise<bigint[]> {
  const out: bigint[] = [];
  for (let i = 0; i < addresses.length; i += 20) {
    const part = await Promise.all(
      addresses.slice(i, i + 20).map((a) =>
        client.readContract({
          address: token as Address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [a as Address],
          ...(blockNumber === undefined ? {} : { blockNumber }),
        }),
      ),
    );
    out.push(...part);
  }
  return out;
}

/** A transaction's sender, input data and receipt status, or null when the node does not know it. */
export async function readTransactionInput(
  client: PublicClient,
  hash: string,
): Promise<{ input: string; from: string; to: string | null; read: ChainRead } | null> {
  const read = await readTransaction(client, hash);
  if (!read.found) return null;
  const t = await client.getTransaction({ hash: hex(hash) });
  return { input: lower(t.input), from: lower(t.from), to: t.to ? lower(t.to) : null, read };
}
