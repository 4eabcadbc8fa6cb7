import { batchPayCalldata, chainName, txExplorerUrl } from '@sgx/chain';
import {
  amountOut,
  displayAddress,
  type PayoutBatchRecord,
  type PayoutStatus,
  type WithdrawalPayout,
} from '@sgx/contracts';
import { type Selectable, sql } from 'kysely';
import type { Address, Hex } from 'viem';
import type { DbOrTx } from '../../db';
import type { PayoutBatchesTable } from '../../db/schema';

/**
 * Payouts on chain as admins and members read them (decision 0034): a batch with its items, and a
 * withdrawal's payout for its record.
 */

const hash0x = (h: string | null) => (h ? `0x${h}` : null);
const explorer = (chainId: number | null, h: string | null) =>
  chainId !== null && h ? (txExplorerUrl(chainId, `0x${h}`) ?? null) : null;

/** The withdrawal record's `payout` (a JSON object, null without a payout) for the withdrawal `subject` (w.id). */
export const payoutOf = (subject: string) =>
  sql<PayoutJson | null>`(SELECT json_build_object('status', p.status, 'chain_id', coalesce(p.chain_id, b.chain_id),
      'tx_hash', coalesce(p.tx_hash, b.tx_hash), 'confirmations', coalesce(p.confirmations, b.confirmations),
      'failure', p.failure, 'paid_at', p.paid_at)
    FROM payouts p LEFT JOIN payout_batches b ON b.id = p.batch_id
    WHERE p.withdrawal_id = ${sql.ref(subject)})`.as('payout');
type PayoutJson = {
  status: PayoutStatus;
  chain_id: number | null;
  tx_hash: string | null;
  confirmations: number | null;
  failure: string | null;
  paid_at: string | null;
};

export function toWithdrawalPayout(p: PayoutJson | null): WithdrawalPayout | null {
  if (!p) return null;
  return {
    status: p.status,
    chain_id: p.chain_id,
    tx_hash: hash0x(p.tx_hash),
    explorer_url: explorer(p.chain_id, p.tx_hash),
    confirmations: p.confirmations,
    failure: p.failure,
    paid_at: p.paid_at ? new Date(p.paid_at).toISOString() : null,
  };
}

export type BatchRow = Selectable<PayoutBatchesTable> & {
  created_by_name: string | null;
  token_symbol: string;
};
export type BatchItemRow = {
  withdrawal_id: bigint;
  username: string;
  address: string;
  net: bigint;
  raw_amount: string;
  status: PayoutStatus;
  failure: string | null;
  /** The batch the payout is in now (a payout that waits again moved on). */
  batch_id: bigint | null;
};

/**
 * The call a batch is paid by, from what is stored: its token, reference, deadline and items in order. Hex whatever
 * the chain (TRON's TVM takes the same ABI encoding).
 */
export const calldataFor = (
  b: { token_address: string; ref: string; deadline: Date },
  items: { address: string; raw_amount: string }[],
): Hex =>
  batchPayCalldata({
    token: b.token_address as Address,
    ref: b.ref as Hex,
    deadline: BigInt(Math.floor(b.deadline.getTime() / 1000)),
    to: items.map((i) => i.address as Address),
    amounts: items.map((i) => BigInt(i.raw_amount)),
  });

/** A batch as stored, with its items in calldata order. */
export function toBatchRecord(b: BatchRow, items: BatchItemRow[]): PayoutBatchRecord {
  const show = (a: string) => displayAddress(b.chain_id, a);
  return {
    id: Number(b.id),
    chain_id: b.chain_id,
    chain_name: chainName(b.chain_id),
    mode: b.mode,
    status: b.status,
    to: show(b.contract),
    data: calldataFor(b, items),
    token: { address: show(b.token_address), symbol: b.token_symbol, decimals: b.token_decimals },
    raw_total: b.raw_total,
    total: amountOut(b.total),
    deadline: b.deadline.toISOString(),
    sender: b.sender && show(b.sender),
    contract_version: b.contract_version,
    // Version 2 lets only the address in the reference's high 20 bytes send it (decision 0053).
    payer: b.contract_version === 2 ? show(b.ref.slice(0, 42)) : null,
    tx_hash: hash0x(b.tx_hash),
    explorer_url: explorer(b.chain_id, b.tx_hash),
    confirmations: b.confirmations,
    failure: b.failure,
    created_by: b.created_by_name,
    created_at: b.created_at.toISOString(),
    paid_at: b.paid_at ? b.paid_at.toISOString() : null,
    items: items.map((i) => ({
      withdrawal_id: Number(i.withdrawal_id),
      username: i.username,
      address: show(i.address),
      net: amountOut(i.net),
      raw_amount: i.raw_amount,
      // A payout that moved on to another batch (this one expired or failed) is shown as this batch left it.
      status: i.batch_id === b.id ? i.status : 'failed',
      failure: i.batch_id === b.id ? i.failure : `Not paid by batch #${b.id}.`,
    })),
  };
}

export function batchRows(db: DbOrTx) {
  return db
    .selectFrom('payout_batches as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .innerJoin('chain_settings as c', 'c.chain_id', 'b.chain_id')
    .selectAll('b')
    .select(['u.username as created_by_name', 'c.token_symbol']);
}

/** The items of `batchIds`, in calldata order, with the payout's state now. */
export async function batchItems(db: DbOrTx, batchIds: bigint[]): Promise<Map<bigint, BatchItemRow[]>> {
  const out = new Map<bigint, BatchItemRow[]>();
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('payout_batch_items as i')
    .innerJoin('withdrawals as w', 'w.id', 'i.withdrawal_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('payouts as p', 'p.withdrawal_id', 'i.withdrawal_id')
    .select([
      'i.batch_id',
      'i.withdrawal_id',
      'u.username',
      'i.address',
      'i.net',
      'i.raw_amount',
      sql<PayoutStatus>`coalesce(p.status, 'failed')`.as('status'),
      'p.failure',
      'p.batch_id as current_batch',
    ])
    .where('i.batch_id', 'in', batchIds)
    .orderBy('i.batch_id')
    .orderBy('i.position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.batch_id) ?? [];
    list.push({ ...r, batch_id: r.current_batch });
    out.set(r.batch_id, list);
  }
  return out;
}
