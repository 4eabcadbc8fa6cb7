import type { DbOrTx } from '../../db';
import type { ChainsService } from '../chains/chains.service';
import { readTransaction } from '../chains/reader';

export type PayoutChainMismatch = { withdrawal_id: string; problem: string };

/**
 * The chain's side of reconciliation (decision 0034): every completed withdrawal paid on chain has exactly one
 * confirmed Transfer that pays it, the log its payout names, of the batch's token, to its address, for its amount,
 * in a transaction that succeeded and still has the chain's confirmations. One receipt is read per transaction
 * (a batch), never one per payout. Withdrawals whose chain has no node are reported as not checked.
 * `reconcile()` (the ledger's side) proves the database agrees with itself: payout_mismatches.
 */
export async function reconcilePayoutsOnChain(
  db: DbOrTx,
  chains: ChainsService,
  since = new Date(0),
): Promise<{ checked: number; mismatches: PayoutChainMismatch[] }> {
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('payouts as p', 'p.withdrawal_id', 'w.id')
    .innerJoin('payout_batch_items as i', (j) =>
      j.onRef('i.withdrawal_id', '=', 'p.withdrawal_id').onRef('i.batch_id', '=', 'p.batch_id'),
    )
    .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
    .select([
      'w.id',
      'w.status',
      'p.chain_id',
      'p.tx_hash',
      'p.log_index',
      'i.address',
      'i.raw_amount',
      'b.token_address',
    ])
    .where('p.status', '=', 'paid')
    .where('p.paid_at', '>=', since)
    .orderBy('w.id')
    .execute();
  const mismatches: PayoutChainMismatch[] = [];
  const reads = new Map<string, Awaited<ReturnType<typeof readTransaction>> | null>();
  for (const r of rows) {
    const problem = (text: string) => mismatches.push({ withdrawal_id: String(r.id), problem: text });
    if (r.status !== 'complete') {
      problem(`paid on chain but ${r.status} in the ledger`);
      continue;
    }
    const client = r.chain_id === null ? undefined : chains.client(r.chain_id);
    if (!client || r.tx_hash === null) {
      problem('not checked: the server has no node for its chain');
      continue;
    }
    const key = `${r.chain_id}:${r.tx_hash}`;
    if (!reads.has(key)) reads.set(key, await readTransaction(client, r.tx_hash).catch(() => null));
    const read = reads.get(key);
    if (!read) {
      problem('not checked: the node did not answer');
      continue;
    }
    if (!read.found || !read.succeeded) {
      problem(`its transaction 0x${r.tx_hash} is ${read.found ? 'reverted' : 'not on the chain any more'}`);
      continue;
    }
    const log = read.transfers.find((t) => t.logIndex === r.log_index);
    if (!log || log.token !== r.token_address || log.to !== r.address || log.value !== BigInt(r.raw_amount))
      problem(`log ${r.log_index} of 0x${r.tx_hash} does not pay ${r.raw_amount} to ${r.address}`);
  }
  return { checked: rows.length, mismatches };
}
