import { tokenToPlatformUnits } from '@sgx/chain';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { linkedOwnerOf } from '../wallets/wallets.service';
import type { ChainSettingsRow, ChainsService } from './chains.service';
import { readHead, readTransfersTo, type ScannedTransfer } from './reader';
import type { DepositVerifier } from './verifier';

/** The first scan of a chain starts this many blocks below the safe head. */
const FIRST_SCAN_BLOCKS = 5_000n;
/** Blocks per log query, and at most this many queries per scan run. */
const SCAN_CHUNK = 2_000n;
const SCAN_CHUNKS_PER_RUN = 25;

export type ScanResult = { from: string; to: string; found: number; credited: number };

/**
 * The scan for unreported deposits: Transfers of the chain's stablecoin to the receiving address, sent by
 * linked wallets, that no deposit of the wallet's member names yet (the member closed the browser). Each
 * is recorded as that member's deposit, bound to its log, and checked by the verifier like a report. Another
 * member's report of the same hash does not stop it: a report claims nothing (decision 0027). Reads only
 * blocks up to `head - confirmations`, so a block that can still be reorganised away is never credited.
 */
export async function scanChain(
  deps: { db: Db; chains: ChainsService; verifier: DepositVerifier },
  chainId: number,
): Promise<ScanResult> {
  const none = { from: '-', to: '-', found: 0, credited: 0 };
  const { db, chains, verifier } = deps;
  const client = chains.client(chainId);
  const settings = await chains.settings(chainId);
  const receiving = await verifier.receivingAddress(chainId);
  if (!client || !settings.enabled || !receiving) return none;
  const safe = (await readHead(client)) - BigInt(settings.confirmations);
  if (safe < 0n) return none;
  const start =
    settings.scanned_to_block === null
      ? safe > FIRST_SCAN_BLOCKS
        ? safe - FIRST_SCAN_BLOCKS
        : 0n
      : settings.scanned_to_block + 1n;
  let from = start;
  let found = 0;
  let credited = 0;
  for (let i = 0; i < SCAN_CHUNKS_PER_RUN && from <= safe; i++) {
    const to = from + SCAN_CHUNK - 1n < safe ? from + SCAN_CHUNK - 1n : safe;
    for (const transfer of await readTransfersTo(client, settings.token_address, receiving, from, to)) {
      const r = await creditScanned(deps, chainId, settings, transfer);
      if (r !== 'ignored') found++;
      if (r === 'credited') credited++;
    }
    // Advance the cursor only forward, whatever a concurrent scan did.
    await db
      .updateTable('chain_settings')
      .set({ scanned_to_block: sql<bigint>`greatest(coalesce(scanned_to_block, -1), ${to})` })
      .where('chain_id', '=', chainId)
      .where('token_address', '=', settings.token_address)
      .execute();
    from = to + 1n;
  }
  return { from: String(start), to: String(from - 1n), found, credited };
}

async function creditScanned(
  deps: { db: Db; verifier: DepositVerifier },
  chainId: number,
  settings: ChainSettingsRow,
  t: ScannedTransfer,
): Promise<'ignored' | 'known' | 'credited' | 'left'> {
  const ownerId = await linkedOwnerOf(deps.db, t.from);
  if (ownerId === undefined) return 'ignored';
  const amount = tokenToPlatformUnits(t.value, settings.token_decimals);
  // Not a whole number of 10^-8 units (or nothing): it cannot be credited exactly; support handles it.
  if (amount === null || amount <= 0n) return 'ignored';
  const inserted = await deps.db
    .insertInto('deposits')
    .values({
      user_id: ownerId,
      amount,
      currency: 'BEP20',
      hash: t.hash,
      chain_id: chainId,
      log_index: t.logIndex,
      from_address: t.from,
      sender_id: ownerId,
      chain_status: 'confirming',
      required_confirmations: settings.confirmations,
      source: 'scan',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // The member reported it themselves (their own check credits it), or a deposit already holds this log.
  if (!inserted) return 'known';
  const r = await deps.verifier.verify(inserted.id);
  return r.status === 'credited' ? 'credited' : 'left';
}
