import { chainName, tokenToPlatformUnits } from '@sgx/chain';
import { sql } from 'kysely';
import { BaseError, type PublicClient } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { ChainSettingsRow, ChainsService } from './chains.service';
import { lower, readTransaction } from './reader';

/**
 * The re-check after credit (decision 0028). A chain deposit is credited at its confirmations, but a
 * reorganisation deeper than that can still remove its transfer. For 24 hours after the credit (RECHECK_WINDOW_MS)
 * the minutely job reads each credited chain deposit's transaction again, through chains/reader.ts only; one whose
 * transfer the chain no longer shows (no receipt, a failed one, or no Transfer of that token, from that wallet, to
 * one of our receiving addresses, of that value) is held (deposits/deposits.reorg.ts) and flagged to admins. A
 * transfer the chain mined again in another block is not a loss: with its confirmations it is left credited; with
 * fewer it is watched (past the window too) until it has them again or is gone.
 */

/** How long after its credit a chain deposit is read again. */
export const RECHECK_WINDOW_MS = 24 * 3_600_000;
/** At most this many deposits are read per run, the least recently read first. */
const RECHECK_PER_RUN = 200;

/** The credited transfer as the deposit records it. */
export type CreditedTransfer = {
  chain_id: number;
  hash: string;
  from_address: string | null;
  /** The member's own address it reached (decision 0033); null: the shared receiving address. */
  to_address: string | null;
  credited_amount: bigint;
  required_confirmations: number | null;
};

/** What the chain says of a credited transfer now. */
export type TransferVerdict =
  | { kind: 'present'; confirmations: number; required: number; blockNumber: bigint; blockHash: string }
  | { kind: 'reconfirming'; confirmations: number; required: number; note: string }
  | { kind: 'gone'; note: string };

/**
 * Every address that has been the platform's receiving address for this EVM chain (its own, or the BEP20 one
 * that serves every EVM chain), removed ones too: a deposit credited to an address since replaced is still ours.
 */
export async function receivingAddressesEver(db: DbOrTx, chainId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_addresses')
    .select('address')
    .where('currency', '=', 'BEP20')
    .where((eb) => eb.or([eb('chain_id', '=', chainId), eb('chain_id', 'is', null)]))
    .execute();
  return rows.map((r) => lower(r.address));
}

/**
 * The chain's settings with the token it accepted at `at` (a deposit's credit): the one in force before the first
 * change of its settings after it (that change's audit record, written in its transaction), else today's. A deposit is
 * read again in the token it was credited in, so a token changed since (by two admins) neither holds it nor keeps
 * it from being released.
 */
export async function acceptedAt(
  db: DbOrTx,
  settings: ChainSettingsRow,
  at: Date | null,
): Promise<ChainSettingsRow> {
  if (at === null) return settings;
  // Every change records the whole row before it: the first one after the credit holds the token then in force.
  const first = await db
    .selectFrom('audit_log')
    .select('before')
    .where('entity', '=', 'chain')
    .where('entity_id', '=', String(settings.chain_id))
    .where('action', '=', 'chain.settings')
    .where('created_at', '>', at)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const b = first?.before as {
    token_address?: unknown;
    token_decimals?: unknown;
    token_symbol?: unknown;
  } | null;
  if (typeof b?.token_address !== 'string' || typeof b.token_decimals !== 'number') return settings;
  return {
    ...settings,
    token_address: b.token_address,
    token_decimals: b.token_decimals,
    token_symbol: typeof b.token_symbol === 'string' ? b.token_symbol : settings.token_symbol,
  };
}

/**
 * Reads a credited transfer's transaction again and says whether the chain still shows it. Throws when the
 * chain cannot be read (the caller tries again later; an unreadable chain is never a loss).
 */
export async function readCreditedTransfer(
  client: PublicClient,
  settings: ChainSettingsRow,
  receiving: string[],
  d: CreditedTransfer,
): Promise<TransferVerdict> {
  const chain = chainName(d.chain_id);
  const required = Math.max(d.required_confirmations ?? 0, settings.confirmations);
  const read = await readTransaction(client, d.hash);
  if (!read.found)
    return {
      kind: 'gone',
      note: `The transaction is no longer on ${chain} (block ${read.head} is the head): a chain reorganisation removed it.`,
    };
  if (!read.succeeded)
    return {
      kind: 'gone',
      note: `The transaction is now failed on ${chain} (block ${read.blockNumber}): it no longer pays the deposit.`,
    };
  const ours = new Set(d.to_address ? [d.to_address] : receiving);
  const match = read.transfers.find(
    (t) =>
      t.token === lower(settings.token_address) &&
      ours.has(t.to) &&
      t.from === lower(d.from_address ?? '') &&
      tokenToPlatformUnits(t.value, settings.token_decimals) === d.credited_amount,
  );
  if (!match)
    return {
      kind: 'gone',
      note: `The transaction on ${chain} (block ${read.blockNumber}) no longer holds the ${settings.token_symbol} transfer that was credited.`,
    };
  if (read.confirmations < required)
    return {
      kind: 'reconfirming',
      confirmations: read.confirmations,
      required,
      note: `Mined again in block ${read.blockNumber} with ${read.confirmations} of ${required} confirmations.`,
    };
  return {
    kind: 'present',
    confirmations: read.confirmations,
    required,
    blockNumber: read.blockNumber,
    blockHash: read.blockHash,
  };
}

export type RecheckCounts = {
  checked: number;
  present: number;
  reconfirming: number;
  held: number;
  errors: number;
  /** The first read that failed this run, if any. */
  error?: string;
};

/**
 * What the re-check asks of DepositReorgService (deposits.reorg.ts, which uses this file's reads): named
 * here, not imported, so the two files import each other in no circle (decision 0059).
 */
export type ReorgHold = { hold(depositId: bigint, note: string, now?: Date): Promise<boolean> };

/** The periodic re-check: reads credited chain deposits again and holds those the chain no longer shows. */
export class ReorgRecheck {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly reorg: ReorgHold,
  ) {}

  /** One run; safe to repeat and to run concurrently (a hold happens once per deposit, under its row lock). */
  async run(now = new Date()): Promise<RecheckCounts> {
    const counts: RecheckCounts = { checked: 0, present: 0, reconfirming: 0, held: 0, errors: 0 };
    const readable = this.chains.readChainIds();
    if (readable.length === 0) return counts;
    const due = await this.due(readable, now);
    const receiving = new Map<number, string[]>();
    for (const d of due) {
      const chainId = d.chain_id;
      const client = this.chains.client(chainId);
      const settings = await this.chains.settings(chainId);
      if (!client || !settings.enabled) continue;
      if (!receiving.has(chainId)) receiving.set(chainId, await receivingAddressesEver(this.db, chainId));
      counts.checked++;
      let verdict: TransferVerdict;
      try {
        const accepted = await acceptedAt(this.db, settings, d.decided_at);
        verdict = await readCreditedTransfer(client, accepted, receiving.get(chainId) ?? [], d);
      } catch (err) {
        // An unreadable chain proves nothing: read again on the next run.
        counts.errors++;
        counts.error ??= err instanceof BaseError ? err.shortMessage : String(err).slice(0, 200);
        continue;
      }
      if (verdict.kind === 'gone') {
        if (await this.reorg.hold(d.id, verdict.note, now)) counts.held++;
        continue;
      }
      counts[verdict.kind]++;
      await this.db
        .updateTable('deposits')
        .set({
          reorg_checked_at: now,
          // A transfer mined again with too few confirmations is watched (past the window) until it has them.
          reorg_note: verdict.kind === 'reconfirming' ? verdict.note : null,
        })
        .where('id', '=', d.id)
        .where('reorg_status', 'is', null)
        .execute();
    }
    return counts;
  }

  /**
   * The deposits due a read: credited on a chain the server reads, not flagged, and credited within the window
   * (or seen mined again with too few confirmations), the least recently read first.
   */
  private async due(readable: number[], now: Date) {
    const since = new Date(now.getTime() - RECHECK_WINDOW_MS);
    const base = this.db
      .selectFrom('deposits')
      .select([
        'id',
        'chain_id',
        'hash',
        'from_address',
        'to_address',
        'credited_amount',
        'required_confirmations',
        'decided_at',
      ])
      .where('status', '=', 'complete')
      .where('chain_status', '=', 'credited')
      .where('reorg_status', 'is', null)
      .where('log_index', 'is not', null)
      .where('chain_id', 'in', readable)
      .orderBy(sql`reorg_checked_at ASC NULLS FIRST`)
      .orderBy('id')
      .limit(RECHECK_PER_RUN);
    const [recent, watched] = await Promise.all([
      base.where('decided_at', '>', since).execute(),
      base.where('decided_at', '<=', since).where('reorg_note', 'is not', null).execute(),
    ]);
    const out: (CreditedTransfer & { id: bigint; chain_id: number; decided_at: Date | null })[] = [];
    for (const r of [...recent, ...watched]) {
      if (r.chain_id === null || r.credited_amount === null) continue;
      out.push({ ...r, chain_id: r.chain_id, credited_amount: r.credited_amount });
    }
    return out;
  }
}
