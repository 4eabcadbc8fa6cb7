import { chainName, formatTokenUnits, TRANSFER_EVENT, tokenToPlatformUnits } from '@sgx/chain';
import type { DepositRecord } from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import { sql } from 'kysely';
import { type Address, BaseError, type Hex } from 'viem';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { ChainStatus } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { DepositsService } from '../deposits/deposits.service';
import { linkedOwnerOf, walletAddressesOf } from '../wallets/wallets.service';
import type { ChainSettingsRow, ChainsService } from './chains.service';
import { lower, readTransaction, short, type Transfer } from './reader';

/** The queue of the per-deposit check (chains/verifier.ts); the minutely job catches anything it misses. */
export const VERIFY_QUEUE = 'deposit-verify';
/** A reported transaction the chain has not shown after this long is refused. */
const NOT_FOUND_AFTER_MS = 24 * 3_600_000;
/** The first scan of a chain starts this many blocks below the safe head. */
const FIRST_SCAN_BLOCKS = 5_000n;
/** Blocks per log query, and at most this many queries per scan run. */
const SCAN_CHUNK = 2_000n;
const SCAN_CHUNKS_PER_RUN = 25;

export type VerifyOutcome =
  | { status: ChainStatus; confirmations?: number; reason?: string | null }
  | { status: 'skipped'; reason: string }
  | { status: 'error'; reason: string };

/**
 * Verifies EVM deposits on chain (issue 9, business-rules 6). A deposit is credited only when its
 * receipt succeeded, it holds a Transfer of the chain's configured stablecoin to the platform's
 * receiving address, sent by a wallet linked to the depositing member, for exactly the amount, with the
 * configured confirmations (blocks built on top of it). The credit goes through the same `complete` an
 * admin approval uses, once per chain, hash and log. The scan finds transfers from linked wallets that
 * nobody reported, reading only blocks that already have their confirmations.
 */
export class DepositVerifier {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly deposits: DepositsService,
    private readonly config: Config,
  ) {}

  /** Queues the first check of a newly reported deposit (when jobs run in this process). */
  async enqueue(queue: JobQueue | undefined, deposit: DepositRecord): Promise<void> {
    if (!queue || (deposit.chain_status !== 'waiting' && deposit.chain_status !== 'confirming')) return;
    await queue.send(VERIFY_QUEUE, { depositId: deposit.id });
  }

  /** One check of one deposit; returns where it stands. Safe to run any number of times, concurrently. */
  async verify(depositId: bigint, now = new Date()): Promise<VerifyOutcome> {
    const d = await this.db.selectFrom('deposits').selectAll().where('id', '=', depositId).executeTakeFirst();
    if (!d) return { status: 'skipped', reason: 'no such deposit' };
    if (d.status !== 'pending' || d.chain_id === null) return { status: 'skipped', reason: 'not open' };
    if (d.chain_status === 'refused') return { status: 'skipped', reason: 'refused before' };

    const chainId = d.chain_id;
    const settings = await this.chains.settings(chainId);
    const client = this.chains.client(chainId);
    if (!client || !settings.enabled)
      return this.mark(d.id, 'manual', {
        reason: `The server does not read ${chainName(chainId)}: an admin checks this deposit by hand.`,
      });
    const receiving = await this.receivingAddress(chainId);
    if (!receiving)
      return this.mark(d.id, 'manual', {
        reason: `No receiving address is set for ${chainName(chainId)}: an admin checks this deposit by hand.`,
      });

    let read: Awaited<ReturnType<typeof readTransaction>>;
    try {
      read = await readTransaction(client, d.hash);
    } catch (err) {
      const message = err instanceof BaseError ? err.shortMessage : String(err);
      await this.touch(d.id, `The chain could not be read just now; checking again. (${message})`);
      return { status: 'error', reason: message };
    }
    if (!read.found) {
      if (now.getTime() - d.created_at.getTime() > NOT_FOUND_AFTER_MS)
        return this.mark(d.id, 'refused', {
          reason: `The transaction was not found on ${chainName(chainId)} within 24 hours. Check the hash and the chain.`,
        });
      return this.mark(d.id, 'waiting', {
        reason: `Waiting for the transaction to appear on ${chainName(chainId)}.`,
      });
    }

    if (!read.succeeded)
      return this.mark(d.id, 'refused', { reason: 'The transaction failed on chain (it was reverted).' });

    const check = await this.match(d, settings, receiving, read.transfers);
    if ('refuse' in check)
      return this.mark(d.id, 'refused', { reason: check.refuse, fromAddress: check.from });
    const { transfer, amount } = check;
    const receipt = { blockNumber: read.blockNumber };
    const confirmations = read.confirmations;
    const required = settings.confirmations;
    if (confirmations < required) {
      await this.db
        .updateTable('deposits')
        .set({
          chain_status: 'confirming',
          confirmations,
          required_confirmations: required,
          chain_reason: null,
          block_number: receipt.blockNumber,
          from_address: transfer.from,
          checked_at: new Date(),
        })
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .execute();
      return { status: 'confirming', confirmations };
    }

    const credited = await this.db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('deposits')
        .select(['status', 'chain_status'])
        .where('id', '=', d.id)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.status !== 'pending' || locked.chain_status === 'refused') return false;
      await tx
        .updateTable('deposits')
        .set({
          log_index: transfer.logIndex,
          from_address: transfer.from,
          block_number: receipt.blockNumber,
          confirmations,
          required_confirmations: required,
          checked_at: new Date(),
        })
        .where('id', '=', d.id)
        .execute();
      await this.deposits.complete(tx, d.id, amount, {
        kind: 'chain',
        userId: null,
        note: `${chainName(chainId)} block ${receipt.blockNumber}, log ${transfer.logIndex}, from ${transfer.from}`,
      });
      return true;
    });
    return credited
      ? { status: 'credited', confirmations }
      : { status: 'skipped', reason: 'decided meanwhile' };
  }

  /** The Transfer that pays this deposit, or why there is none. */
  private async match(
    d: { user_id: bigint; amount: bigint; log_index: number | null; chain_id: number | null },
    settings: ChainSettingsRow,
    receiving: string,
    transfers: Transfer[],
  ): Promise<{ transfer: Transfer; amount: bigint } | { refuse: string; from?: string }> {
    const symbol = settings.token_symbol;
    const chain = chainName(settings.chain_id);
    const candidates = d.log_index === null ? transfers : transfers.filter((t) => t.logIndex === d.log_index);
    const ofToken = candidates.filter((t) => t.token === lower(settings.token_address));
    if (ofToken.length === 0)
      return {
        refuse: `The transaction moves no ${symbol} of the accepted contract ${settings.token_address} on ${chain}.`,
      };
    const toUs = ofToken.filter((t) => t.to === lower(receiving));
    if (toUs.length === 0)
      return {
        refuse: `The ${symbol} was not sent to the platform's receiving address ${short(receiving)}.`,
      };
    const linked = new Set(await walletAddressesOf(this.db, d.user_id));
    const fromMember = toUs.filter((t) => linked.has(t.from));
    if (fromMember.length === 0) {
      const from = toUs[0]?.from ?? '';
      return {
        refuse: `It was sent from ${short(from)}, which is not a wallet linked to this account. Link that wallet and this deposit is checked again; an admin can also approve it by hand.`,
        from,
      };
    }
    let nearest: Transfer | undefined;
    for (const t of fromMember) {
      const amount = tokenToPlatformUnits(t.value, settings.token_decimals);
      if (amount !== null && amount === d.amount) return { transfer: t, amount };
      nearest ??= t;
    }
    const sent = nearest ? formatTokenUnits(nearest.value, settings.token_decimals) : '?';
    return {
      refuse: `The transfer was ${sent} ${symbol}, not the ${formatUnits(d.amount)} reported.`,
    };
  }

  private async mark(
    id: bigint,
    status: ChainStatus,
    opts: { reason?: string | null; confirmations?: number; fromAddress?: string | undefined },
  ): Promise<VerifyOutcome> {
    await this.db
      .updateTable('deposits')
      .set({
        chain_status: status,
        chain_reason: opts.reason ?? null,
        checked_at: new Date(),
        ...(opts.confirmations !== undefined ? { confirmations: opts.confirmations } : {}),
        ...(opts.fromAddress !== undefined ? { from_address: opts.fromAddress } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    return { status, reason: opts.reason ?? null };
  }

  private async touch(id: bigint, reason: string): Promise<void> {
    await this.db
      .updateTable('deposits')
      .set({ chain_reason: reason, checked_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The live receiving address for a chain: its own, else the BEP20 one that serves every EVM chain. */
  async receivingAddress(chainId: number): Promise<string | undefined> {
    const rows = await this.db
      .selectFrom('deposit_addresses')
      .select(['address', 'chain_id'])
      .where('currency', '=', 'BEP20')
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('chain_id', '=', chainId), eb('chain_id', 'is', null)]))
      .execute();
    return (rows.find((r) => r.chain_id === chainId) ?? rows.find((r) => r.chain_id === null))?.address;
  }

  /**
   * After a member links `address`: their deposits refused because that wallet was not linked yet are
   * checked again (and queued at once when jobs run), instead of waiting for an admin.
   */
  async reopenForLinked(queue: JobQueue | undefined, userId: bigint, address: string): Promise<number> {
    const reopened = await this.db
      .updateTable('deposits')
      .set({ chain_status: 'confirming', chain_reason: null, checked_at: new Date() })
      .where('user_id', '=', userId)
      .where('from_address', '=', lower(address))
      .where('status', '=', 'pending')
      .where('chain_status', '=', 'refused')
      .where('log_index', 'is', null)
      .returning('id')
      .execute();
    for (const { id } of reopened) await queue?.send(VERIFY_QUEUE, { depositId: Number(id) });
    return reopened.length;
  }

  /** Checks every open EVM deposit once (the minutely job). */
  async verifyOpen(now = new Date()): Promise<Record<string, number>> {
    const open = await this.db
      .selectFrom('deposits')
      .select('id')
      .where('status', '=', 'pending')
      .where('chain_id', 'is not', null)
      .where((eb) => {
        // A deposit left to an admin is looked at again only once the server reads its chain.
        const readable = this.chains.readChainIds();
        const open = eb('chain_status', 'in', ['waiting', 'confirming']);
        return readable.length === 0
          ? open
          : eb.or([open, eb.and([eb('chain_status', '=', 'manual'), eb('chain_id', 'in', readable)])]);
      })
      .orderBy('id')
      .limit(1000)
      .execute();
    const counts: Record<string, number> = {};
    for (const { id } of open) {
      const r = await this.verify(id, now);
      counts[r.status] = (counts[r.status] ?? 0) + 1;
    }
    return counts;
  }

  /**
   * Finds Transfers of the chain's stablecoin to the receiving address, sent by linked wallets, that no
   * deposit names yet (the member closed the browser), and credits them the same way. Reads only blocks
   * up to `head - confirmations`, so a block that can still be reorganised away is never credited.
   */
  async scan(chainId: number): Promise<{ from: string; to: string; found: number; credited: number }> {
    const none = { from: '-', to: '-', found: 0, credited: 0 };
    const client = this.chains.client(chainId);
    const settings = await this.chains.settings(chainId);
    const receiving = await this.receivingAddress(chainId);
    if (!client || !settings.enabled || !receiving) return none;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(settings.confirmations);
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
      const logs = await client.getLogs({
        address: settings.token_address as Address,
        event: TRANSFER_EVENT,
        args: { to: receiving as Address },
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      for (const log of logs) {
        const r = await this.creditScanned(chainId, settings, log);
        if (r !== 'ignored') found++;
        if (r === 'credited') credited++;
      }
      // Advance the cursor only forward, whatever a concurrent scan did.
      await this.db
        .updateTable('chain_settings')
        .set({ scanned_to_block: sql<bigint>`greatest(coalesce(scanned_to_block, -1), ${to})` })
        .where('chain_id', '=', chainId)
        .where('token_address', '=', settings.token_address)
        .execute();
      from = to + 1n;
    }
    return { from: String(start), to: String(from - 1n), found, credited };
  }

  private async creditScanned(
    chainId: number,
    settings: ChainSettingsRow,
    log: { transactionHash: Hex | null; logIndex: number | null; args: { from?: Address; value?: bigint } },
  ): Promise<'ignored' | 'known' | 'credited' | 'left'> {
    if (!log.transactionHash || log.logIndex === null || !log.args.from || log.args.value === undefined)
      return 'ignored';
    const ownerId = await linkedOwnerOf(this.db, log.args.from);
    if (ownerId === undefined) return 'ignored';
    const amount = tokenToPlatformUnits(log.args.value, settings.token_decimals);
    // Not a whole number of 10^-8 units (or nothing): it cannot be credited exactly; support handles it.
    if (amount === null || amount <= 0n) return 'ignored';
    const hash = log.transactionHash.slice(2).toLowerCase();
    const inserted = await this.db
      .insertInto('deposits')
      .values({
        user_id: ownerId,
        amount,
        currency: 'BEP20',
        hash,
        chain_id: chainId,
        log_index: log.logIndex,
        from_address: lower(log.args.from),
        chain_status: 'confirming',
        required_confirmations: settings.confirmations,
        source: 'scan',
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    // A deposit already names this hash: the member reported it, and its own check credits it.
    if (!inserted) return 'known';
    const r = await this.verify(inserted.id);
    return r.status === 'credited' ? 'credited' : 'left';
  }

  /** Re-check delay for a deposit still waiting or confirming. */
  get pollSeconds(): number {
    return this.config.chainPollMs / 1000;
  }
}
