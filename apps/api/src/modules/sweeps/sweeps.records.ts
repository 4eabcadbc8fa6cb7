import { sweepCalldata, txExplorerUrl } from '@sgx/chain';
import { amountOut, displayAddress, type SweepRecord } from '@sgx/contracts';
import { type Selectable, sql } from 'kysely';
import type { Address, Hex } from 'viem';
import type { DbOrTx } from '../../db';
import type { DepositSweepsTable } from '../../db/schema';

/** A stored sweep with its author's username, as read for the back-office. */
export type SweepRow = Selectable<DepositSweepsTable> & { created_by_name: string };

/** A token amount in platform units (10^-8), the whole units below it when the token has more decimals. */
export function platformUnits(raw: bigint, decimals: number): bigint {
  return decimals >= 8 ? raw / 10n ** BigInt(decimals - 8) : raw * 10n ** BigInt(8 - decimals);
}

export function toSweepRecord(r: SweepRow): SweepRecord {
  const hash = r.tx_hash ? `0x${r.tx_hash}` : null;
  return {
    id: Number(r.id),
    chain_id: r.chain_id,
    status: r.status,
    to: displayAddress(r.chain_id, r.factory),
    // The calldata is hex whatever the chain (TRON's TVM takes the same ABI encoding).
    data: sweepCalldata(r.token_address as Address, r.salts as Hex[]),
    treasury: displayAddress(r.chain_id, r.treasury),
    addresses: r.addresses.map((a) => displayAddress(r.chain_id, a)),
    expected: amountOut(r.expected),
    swept: r.swept === null ? null : amountOut(r.swept),
    tx_hash: hash,
    explorer_url: hash ? (txExplorerUrl(r.chain_id, hash) ?? null) : null,
    confirmations: r.confirmations,
    failure: r.failure,
    reason: r.reason,
    created_by: r.created_by_name,
    created_at: r.created_at.toISOString(),
    confirmed_at: r.confirmed_at ? r.confirmed_at.toISOString() : null,
  };
}

/**
 * What the ledger says of one chain: credited to members' own addresses there and not swept yet, and swept into
 * the treasury (the platform accounts 'member_addresses' and 'treasury', by the deposits and sweeps of the chain).
 */
export async function ledgerAtChain(
  db: DbOrTx,
  chainId: number,
): Promise<{ atMemberAddresses: bigint; treasury: bigint }> {
  const r = await sql<{ at_member: string; treasury: string }>`
    WITH txs AS (
      SELECT ledger_transaction_id AS id FROM deposits
       WHERE chain_id = ${chainId} AND to_address IS NOT NULL AND ledger_transaction_id IS NOT NULL
      UNION ALL
      SELECT ledger_transaction_id FROM deposit_sweeps
       WHERE chain_id = ${chainId} AND ledger_transaction_id IS NOT NULL)
    SELECT coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'member_addresses'), 0)::text AS at_member,
           coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'treasury'), 0)::text AS treasury
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NULL AND a.kind IN ('member_addresses', 'treasury')
    WHERE e.transaction_id IN (SELECT id FROM txs)`.execute(db);
  const row = r.rows[0];
  return { atMemberAddresses: BigInt(row?.at_member ?? '0'), treasury: BigInt(row?.treasury ?? '0') };
}
