import { chainName, formatTokenUnits, tokenToPlatformUnits } from '@sgx/chain';
import { TRON_CHAIN_ID } from '@sgx/contracts';
import { formatToken } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DepositsService } from '../deposits/deposits.service';
import type { ChainSettingsRow } from './chains.service';
import type { ScannedTransfer } from './reader';
import { lockChainState } from './verifier.support';

/**
 * The scan's matching and crediting in sets (issue 20): a range's Transfers are matched against members' own
 * addresses and linked wallets in one statement each, recorded in one, and credited one deposit per database
 * transaction, each at most once (deposits_chain_log_key and `complete`'s lock).
 */

export type Matched =
  | { kind: 'address'; transfer: ScannedTransfer; userId: bigint }
  | { kind: 'linked'; transfer: ScannedTransfer; userId: bigint };

/** The Transfers that are members' deposits: to a member's own address, or to `receiving` from a linked wallet. */
export async function matchTransfers(
  db: Db,
  chainId: number,
  receiving: string | undefined,
  transfers: ScannedTransfer[],
): Promise<Matched[]> {
  if (transfers.length === 0) return [];
  const receivers = [...new Set(transfers.map((t) => t.to))];
  const owners = new Map(
    (
      await db
        .selectFrom('member_deposit_addresses')
        .select(['address', 'user_id'])
        .where('chain_id', '=', chainId)
        .where('address', '=', sql<string>`ANY(${receivers}::text[])`)
        .execute()
    ).map((r) => [r.address, r.user_id] as const),
  );
  const toShared = receiving ? transfers.filter((t) => t.to === receiving.toLowerCase()) : [];
  const senders = [...new Set(toShared.map((t) => t.from))];
  const linked =
    senders.length === 0
      ? new Map<string, bigint>()
      : new Map(
          (
            await db
              .selectFrom('member_wallets')
              .select(['address', 'user_id'])
              .where('address', '=', sql<string>`ANY(${senders}::text[])`)
              .execute()
          ).map((r) => [r.address, r.user_id] as const),
        );
  const out: Matched[] = [];
  for (const t of transfers) {
    const owner = owners.get(t.to);
    if (owner !== undefined) out.push({ kind: 'address', transfer: t, userId: owner });
    else if (receiving && t.to === receiving.toLowerCase()) {
      const sender = linked.get(t.from);
      if (sender !== undefined) out.push({ kind: 'linked', transfer: t, userId: sender });
    }
  }
  return out;
}

/**
 * Records Transfers to members' own addresses as their deposits, in one statement (a log already recorded is
 * left alone): confirming while within the confirmations, below the minimum recorded and closed, an amount the
 * platform cannot hold exactly (more than 8 decimals) left to an admin.
 */
export async function recordAddressDeposits(
  db: Db,
  chainId: number,
  settings: ChainSettingsRow,
  matched: { transfer: ScannedTransfer; userId: bigint }[],
  head: bigint,
): Promise<void> {
  if (matched.length === 0) return;
  const currency = chainId === TRON_CHAIN_ID ? ('TRC20' as const) : ('BEP20' as const);
  const now = new Date();
  const rows = matched.map(({ transfer: t, userId }) => {
    const exact = tokenToPlatformUnits(t.value, settings.token_decimals);
    // The whole 10^-8 units below the value, for an admin to decide on when it is not exact.
    const amount = exact ?? (t.value * 100_000_000n) / 10n ** BigInt(settings.token_decimals);
    const below = amount < settings.min_deposit;
    const base = {
      user_id: userId,
      amount,
      currency,
      hash: t.hash,
      chain_id: chainId,
      log_index: t.logIndex,
      from_address: t.from,
      to_address: t.to,
      sender_id: userId,
      block_number: t.blockNumber,
      confirmations: Number(head - t.blockNumber),
      required_confirmations: settings.confirmations,
      checked_at: now,
      source: 'address' as const,
    };
    if (below)
      return {
        ...base,
        status: 'decline' as const,
        decided_at: now,
        chain_status: 'below_minimum' as const,
        chain_reason: belowMinimumReason(settings, t.value),
      };
    if (exact === null || amount <= 0n)
      return {
        ...base,
        amount: amount > 0n ? amount : 1n,
        chain_status: 'manual' as const,
        chain_reason: `The transfer has more decimals than the platform keeps (8) on ${chainName(chainId)}: an admin credits it by hand.`,
      };
    return { ...base, chain_status: 'confirming' as const, chain_reason: null };
  });
  await db
    .insertInto('deposits')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Credits the recorded own-address deposits of these Transfers (which have their confirmations), once each. */
export async function creditAddressDeposits(
  deps: { db: Db; deposits: DepositsService },
  chainId: number,
  matched: { transfer: ScannedTransfer }[],
): Promise<number> {
  if (matched.length === 0) return 0;
  const hashes = matched.map((m) => m.transfer.hash);
  const logs = matched.map((m) => m.transfer.logIndex);
  const open = await sql<{
    id: bigint;
    amount: bigint;
    hash: string;
    log_index: number;
    block_number: bigint;
  }>`
    SELECT d.id, d.amount, d.hash, d.log_index, d.block_number
    FROM deposits d
    JOIN unnest(${hashes}::text[], ${logs}::int[]) AS k(hash, log_index)
      ON d.hash = k.hash AND d.log_index = k.log_index
    WHERE d.chain_id = ${chainId} AND d.status = 'pending' AND d.source = 'address' AND d.chain_status = 'confirming'`
    .execute(deps.db)
    .then((r) => r.rows);
  let credited = 0;
  for (const d of open) {
    const done = await deps.db.transaction().execute(async (tx) => {
      const locked = await lockChainState(tx, d.id);
      if (locked?.status !== 'pending' || locked.chain_status !== 'confirming') return false;
      await deps.deposits.complete(tx, d.id, d.amount, {
        kind: 'chain',
        userId: null,
        note: `${chainName(chainId)} block ${d.block_number}, log ${d.log_index}, to the member's own address`,
      });
      return true;
    });
    if (done) credited++;
  }
  return credited;
}

/** The member-facing note of a transfer below the chain's minimum. */
export function belowMinimumReason(settings: ChainSettingsRow, value: bigint): string {
  return `${formatTokenUnits(value, settings.token_decimals)} ${settings.token_symbol} is below the minimum deposit of ${formatToken(settings.min_deposit)} ${settings.token_symbol} on ${chainName(settings.chain_id)}: it is recorded, not credited. Contact support.`;
}
