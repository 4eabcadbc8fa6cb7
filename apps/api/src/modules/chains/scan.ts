import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Warn } from '../../log';
import type { DepositsService } from '../deposits/deposits.service';
import { holdRecordedDeposit } from '../sanctions/sanctions.hits';
import { listedForm, screenMany } from '../sanctions/sanctions.lists';
import { normaliseAddress } from '../sanctions/sdn-parser';
import type { ChainSettingsRow, ChainsService } from './chains.service';
import { readBlockHash, readHead, readTokenTransfers, type ScannedTransfer } from './reader';
import { creditAddressDeposits, type Matched, matchTransfers, recordAddressDeposits } from './scan.match';
import type { recordLinkedTransfer } from './verifier.support';

/** The first scan of a chain starts this many blocks below the safe head. */
const FIRST_SCAN_BLOCKS = 5_000n;
/** Blocks per log query (halved when a node refuses a range as too large), and at most this many per run. */
const SCAN_CHUNK = 2_000n;
const SCAN_CHUNKS_PER_RUN = 25;
/** How far back the scan reads again when the block its cursor stands on was replaced (a reorganisation). */
const REORG_REWIND = 256n;

export type ScanResult = {
  from: string;
  to: string;
  found: number;
  credited: number;
  /** The cursor's block was replaced: the scan read this many blocks again (credits are keyed per log). */
  rewound?: number;
};

/**
 * What the scan asks of DepositVerifier (verifier.ts, which runs the scan): named here, not imported, so the
 * two files import each other in no circle (decision 0059).
 */
export type ScanVerifier = {
  receivingAddress(chainId: number): Promise<string | undefined>;
  recordLinked(
    chainId: number,
    settings: ChainSettingsRow,
    t: ScannedTransfer,
    userId: bigint,
  ): ReturnType<typeof recordLinkedTransfer>;
  verify(depositId: bigint): Promise<{ status: string }>;
};
type Deps = { db: Db; chains: ChainsService; verifier: ScanVerifier; deposits: DepositsService; warn?: Warn };

/**
 * The scan of a chain's stablecoin Transfers (decision 0033): every Transfer in blocks up to
 * `head - confirmations` is matched, a block range at a time and in a few statements, against members' own
 * deposit addresses (any sender; credited by itself) and against the shared receiving address from a linked
 * wallet (checked by the verifier like a report). Transfers still within the confirmations are recorded as
 * confirming so members watch them come, never credited. The cursor (last block read and its hash) is stored:
 * a restart goes on where it stopped, and a cursor block whose hash changed is a reorganisation: the scan reads
 * the blocks before it again, which credits nothing twice (one deposit per chain, hash and log).
 */
export async function scanChain(deps: Deps, chainId: number): Promise<ScanResult> {
  const none = { from: '-', to: '-', found: 0, credited: 0 };
  const { db, chains, verifier } = deps;
  const client = chains.client(chainId);
  const settings = await chains.settings(chainId);
  if (!client || !settings.enabled) return none;
  const receiving = await verifier.receivingAddress(chainId);
  if (!receiving && !(await hasMemberAddresses(db, chainId))) return none;
  const head = await readHead(client);
  const safe = head - BigInt(settings.confirmations);
  if (safe < 0n) {
    // A chain younger than its confirmations: nothing to credit yet, what came is shown as confirming.
    await recordRecent(deps, chainId, settings, receiving, 0n, head);
    return none;
  }

  let start: bigint;
  let rewound: number | undefined;
  if (settings.scanned_to_block === null) start = safe > FIRST_SCAN_BLOCKS ? safe - FIRST_SCAN_BLOCKS : 0n;
  else {
    start = settings.scanned_to_block + 1n;
    const stored = settings.scanned_block_hash;
    if (stored !== null && (await readBlockHash(client, settings.scanned_to_block)) !== stored) {
      start = settings.scanned_to_block > REORG_REWIND ? settings.scanned_to_block - REORG_REWIND : 0n;
      rewound = Number(settings.scanned_to_block - start + 1n);
      await db
        .updateTable('chain_settings')
        .set({ scanned_to_block: start - 1n, scanned_block_hash: null })
        .where('chain_id', '=', chainId)
        .where('scanned_to_block', '=', settings.scanned_to_block)
        .where('scanned_block_hash', '=', stored)
        .execute();
    }
  }

  let from = start;
  let chunk = SCAN_CHUNK;
  let found = 0;
  let credited = 0;
  for (let i = 0; i < SCAN_CHUNKS_PER_RUN && from <= safe; i++) {
    const to = from + chunk - 1n < safe ? from + chunk - 1n : safe;
    let transfers: ScannedTransfer[];
    try {
      transfers = await readTokenTransfers(client, settings.token_address, from, to);
    } catch (err) {
      // A node that refuses the range (too many logs): a smaller one next time round.
      if (chunk > 1n && isRangeRefusal(err)) {
        chunk /= 2n;
        continue;
      }
      throw err;
    }
    const r = await creditRange(deps, chainId, settings, receiving, transfers, head);
    found += r.found;
    credited += r.credited;
    const hash = await readBlockHash(client, to);
    // Only forward, whatever a concurrent scan did.
    await db
      .updateTable('chain_settings')
      .set({ scanned_to_block: to, scanned_block_hash: hash })
      .where('chain_id', '=', chainId)
      .where('token_address', '=', settings.token_address)
      .where((eb) => eb.or([eb('scanned_to_block', 'is', null), eb('scanned_to_block', '<', to)]))
      .execute();
    from = to + 1n;
  }
  // Transfers still within their confirmations: shown to their members as confirming, credited later.
  if (from > safe && safe < head) await recordRecent(deps, chainId, settings, receiving, safe + 1n, head);
  return { from: String(start), to: String(from - 1n), found, credited, ...(rewound ? { rewound } : {}) };
}

/**
 * Transfers to members' own addresses still within their confirmations (blocks `from`..`head`): recorded as
 * confirming, and the confirmations of every such deposit brought up to date, so members watch them come.
 */
async function recordRecent(
  deps: Deps,
  chainId: number,
  settings: ChainSettingsRow,
  receiving: string | undefined,
  from: bigint,
  head: bigint,
): Promise<void> {
  const client = deps.chains.client(chainId);
  if (!client || from > head) return;
  const recent = await readTokenTransfers(client, settings.token_address, from, head);
  const matched = (await matchTransfers(deps.db, chainId, receiving, recent)).filter(
    (m) => m.kind === 'address',
  );
  await recordAddressDeposits(deps.db, chainId, settings, matched, head, false);
  await sql`UPDATE deposits SET confirmations = LEAST(${head} - block_number, 2147483647)::int, checked_at = now()
    WHERE chain_id = ${chainId} AND status = 'pending' AND source = 'address' AND chain_status = 'confirming'
      AND block_number IS NOT NULL`.execute(deps.db);
}

/** Records and credits the matched Transfers of a range that has its confirmations. */
async function creditRange(
  deps: Deps,
  chainId: number,
  settings: ChainSettingsRow,
  receiving: string | undefined,
  transfers: ScannedTransfer[],
  head: bigint,
): Promise<{ found: number; credited: number }> {
  if (transfers.length === 0) return { found: 0, credited: 0 };
  const matched = await matchTransfers(deps.db, chainId, receiving, transfers);
  const own = matched.filter((m): m is Matched & { kind: 'address' } => m.kind === 'address');
  await recordAddressDeposits(deps.db, chainId, settings, own, head, true);
  let credited = await creditAddressDeposits(deps, chainId, own);
  const linked = matched.filter((m) => m.kind === 'linked');
  // A linked wallet listed after it was linked: its transfer is recorded, then held, not verified (decision 0075).
  const listed = await screenMany(
    deps.db,
    linked.map((m) => listedForm(chainId, m.transfer.from)),
  );
  for (const m of linked) {
    const id = await deps.verifier.recordLinked(chainId, settings, m.transfer, m.userId);
    if (id === undefined) continue;
    if (listed.has(normaliseAddress(listedForm(chainId, m.transfer.from))?.address ?? '')) {
      await holdRecordedDeposit(deps.db, id);
      continue;
    }
    if ((await deps.verifier.verify(id)).status === 'credited') credited++;
  }
  return { found: matched.length, credited };
}

async function hasMemberAddresses(db: Db, chainId: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_deposit_addresses')
    .select('chain_id')
    .where('chain_id', '=', chainId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A node's refusal of a log query over too large a range or too many results. */
function isRangeRefusal(err: unknown): boolean {
  const text =
    err instanceof Error ? `${err.message} ${(err as { details?: string }).details ?? ''}` : String(err);
  return /range|too many|limit|exceed|10000|response size/i.test(text);
}
