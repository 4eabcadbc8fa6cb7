import { chainName, depositNetworkName, formatTokenUnits, tokenToPlatformUnits } from '@sgx/chain';
import { TRON_CHAIN_ID } from '@sgx/contracts';
import { formatToken } from '@sgx/money';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import type { DepositsTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import type { DepositsService } from '../deposits/deposits.service';
import { post } from '../ledger/ledger.service';
import { recordHeldDeposits } from '../sanctions/sanctions.hits';
import { listedForm, screenMany } from '../sanctions/sanctions.lists';
import { normaliseAddress } from '../sanctions/sdn-parser';
import type { ChainSettingsRow } from './chains.service';
import type { ScannedTransfer } from './reader';
import { lockChainState } from './verifier.support';

/**
 * The scan's matching and crediting in sets (decision 0033): a range's Transfers are matched against members' own
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
 * Records Transfers to members' own addresses as their deposits, in one statement (a log already recorded is left
 * alone). Within the confirmations (`safe` false) only what will be credited is recorded, as confirming. Past them
 * (`safe`), a transfer below the minimum is recorded closed and booked from 'member_addresses' to
 * 'uncredited_deposits' (received, not credited), once per log; an amount the platform cannot hold exactly (more
 * than 8 decimals) is left to an admin.
 */
export async function recordAddressDeposits(
  db: Db,
  chainId: number,
  settings: ChainSettingsRow,
  matched: { transfer: ScannedTransfer; userId: bigint }[],
  head: bigint,
  safe: boolean,
): Promise<void> {
  if (matched.length === 0) return;
  const currency = chainId === TRON_CHAIN_ID ? ('TRC20' as const) : ('BEP20' as const);
  const now = new Date();
  const confirming = [];
  const held = [];
  // Every sender is screened (decision 0075): a listed sender's transfer is recorded held past its confirmations,
  // never as confirming, so no path credits it until two admins release it.
  const listed = await screenMany(
    db,
    matched.map((m) => listedForm(chainId, m.transfer.from)),
  );
  for (const { transfer: t, userId } of matched) {
    const exact = tokenToPlatformUnits(t.value, settings.token_decimals);
    // The whole 10^-8 units below the value, for an admin to decide on when it is not exact.
    const amount = exact ?? (t.value * 100_000_000n) / 10n ** BigInt(settings.token_decimals);
    const row = {
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
    if (listed.has(normaliseAddress(listedForm(chainId, t.from))?.address ?? '')) {
      if (safe)
        held.push({
          ...row,
          amount: amount > 0n ? amount : 1n,
          chain_status: 'sanctions_held' as const,
          chain_reason:
            'This deposit is held for a compliance review. Our compliance team will contact you about it.',
        });
      continue;
    }
    if (exact !== null && amount >= settings.min_deposit) {
      confirming.push({ ...row, chain_status: 'confirming' as const, chain_reason: null });
      continue;
    }
    if (!safe) continue;
    if (amount < settings.min_deposit) await recordBelowMinimum(db, settings, row, t.value);
    else
      await db
        .insertInto('deposits')
        .values({
          ...row,
          amount: amount > 0n ? amount : 1n,
          chain_status: 'manual',
          chain_reason: `The transfer has more decimals than the platform keeps (8) on ${chainName(chainId)}: an admin credits it by hand.`,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  if (confirming.length > 0)
    await db
      .insertInto('deposits')
      .values(confirming)
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (held.length > 0) {
    const ids = await db
      .insertInto('deposits')
      .values(held)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    await recordHeldDeposits(
      db,
      ids.map((r) => r.id),
    );
  }
}

/** A transfer below the minimum, past its confirmations: recorded closed and booked as received, not credited. */
async function recordBelowMinimum(
  db: Db,
  settings: ChainSettingsRow,
  row: Insertable<DepositsTable> & { hash: string; chain_id: number; log_index: number; amount: bigint },
  value: bigint,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('deposits')
      .values({
        ...row,
        status: 'decline',
        decided_at: new Date(),
        chain_status: 'below_minimum',
        chain_reason: belowMinimumReason(settings, value),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted || row.amount <= 0n) return;
    const posted = await post(tx, {
      key: `below-minimum:${row.chain_id}:${row.hash}:${row.log_index}`,
      kind: 'deposit_uncredited',
      memberId: row.user_id,
      memo: `Below the minimum, not credited: ${depositNetworkName(row.currency, row.chain_id)} ${row.hash.slice(0, 10)}…`,
      createdBy: null,
      details: { deposit_id: inserted.id },
      entries: [
        { account: { owner: null, kind: 'member_addresses' }, amount: -row.amount },
        { account: { owner: null, kind: 'uncredited_deposits' }, amount: row.amount },
      ],
    });
    await tx
      .updateTable('deposits')
      .set({ ledger_transaction_id: posted.transactionId })
      .where('id', '=', inserted.id)
      .execute();
  });
}

/**
 * Credits the recorded own-address deposits of these Transfers (which have their confirmations), once each: the
 * range in one database transaction (deposits.credit.ts); should that fail (a deadlock with another instance, a
 * hash credited by hand meanwhile), one deposit per transaction through `complete`, where a refusal closes that
 * deposit and never stops the scan.
 */
export async function creditAddressDeposits(
  deps: { db: Db; deposits: DepositsService; warn?: Warn },
  chainId: number,
  matched: { transfer: ScannedTransfer }[],
): Promise<number> {
  const warn = deps.warn ?? unlogged;
  if (matched.length === 0) return 0;
  const hashes = matched.map((m) => m.transfer.hash);
  const logs = matched.map((m) => m.transfer.logIndex);
  const open = await sql<{
    id: bigint;
    amount: bigint;
    block_number: bigint | null;
    log_index: number | null;
  }>`
    SELECT d.id, d.amount, d.block_number, d.log_index
    FROM deposits d
    JOIN unnest(${hashes}::text[], ${logs}::int[]) AS k(hash, log_index)
      ON d.hash = k.hash AND d.log_index = k.log_index
    WHERE d.chain_id = ${chainId} AND d.status = 'pending' AND d.source = 'address' AND d.chain_status = 'confirming'`
    .execute(deps.db)
    .then((r) => r.rows);
  if (open.length === 0) return 0;
  const note = (d: { block_number: bigint | null; log_index: number | null }) =>
    `${chainName(chainId)} block ${d.block_number}, log ${d.log_index}, to the member's own address`;
  let done = new Set<bigint>();
  try {
    const ids = await deps.db.transaction().execute((tx) =>
      deps.deposits.creditOwnAddress(
        tx,
        open.map((d) => d.id),
        note,
      ),
    );
    done = new Set(ids);
  } catch (err) {
    // Credited one by one below instead, where each deposit meets its own refusal.
    warn(
      { err, chainId, deposits: open.length },
      'the range credit failed: crediting its deposits one by one instead',
    );
  }
  let credited = done.size;
  for (const d of open) {
    if (done.has(d.id)) continue;
    try {
      const ok = await deps.db.transaction().execute(async (tx) => {
        const locked = await lockChainState(tx, d.id);
        if (locked?.status !== 'pending' || locked.chain_status !== 'confirming') return false;
        const row = await deps.deposits.complete(tx, d.id, d.amount, { kind: 'chain', userId: null });
        await tx
          .updateTable('deposits')
          .set({ note: note(row) })
          .where('id', '=', d.id)
          .execute();
        return true;
      });
      if (ok) credited++;
    } catch (err) {
      // Credited by hand under its hash meanwhile (409): closed with the reason. Anything else: left confirming for
      // the verifier's next round, never holding up the rest of the range.
      if (!(err instanceof AppError && err.status === 409))
        warn(
          { err, chainId, deposit: d.id },
          'an own-address deposit could not be credited: left for the next round',
        );
      else
        await deps.db
          .updateTable('deposits')
          .set({ chain_status: 'refused', chain_reason: err.message, checked_at: new Date() })
          .where('id', '=', d.id)
          .where('status', '=', 'pending')
          .execute();
    }
  }
  return credited;
}

/** The member-facing note of a transfer below the chain's minimum. */
export function belowMinimumReason(settings: ChainSettingsRow, value: bigint): string {
  return `${formatTokenUnits(value, settings.token_decimals)} ${settings.token_symbol} is below the minimum deposit of ${formatToken(settings.min_deposit)} ${settings.token_symbol} on ${chainName(settings.chain_id)}: it is recorded, not credited. Contact support.`;
}
