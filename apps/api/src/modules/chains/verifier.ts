import { chainName, formatTokenUnits, tokenToPlatformUnits } from '@sgx/chain';
import { type DepositRecord, displayAddress } from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import { BaseError } from 'viem';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { ChainStatus } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { unlogged, type Warn } from '../../log';
import type { DepositsService } from '../deposits/deposits.service';
import { linkedOwnerOf, walletAddressesOf } from '../wallets/wallets.service';
import type { ChainSettingsRow, ChainsService } from './chains.service';
import { ownAddressesOf } from './member-addresses';
import { lower, readTransaction, type ScannedTransfer, short, type Transfer } from './reader';
import { type ScanResult, scanChain } from './scan';
import { belowMinimumReason } from './scan.match';
import { lockChainState, receivingAddressOf, recordLinkedTransfer, takenElsewhere } from './verifier.support';

/** The queue of the per-deposit check (chains/verifier.ts); the minutely job catches anything it misses. */
export const VERIFY_QUEUE = 'deposit-verify';
/** A reported transaction the chain has not shown after this long is refused. */
const NOT_FOUND_AFTER_MS = 24 * 3_600_000;

export type VerifyOutcome =
  | { status: ChainStatus; confirmations?: number; reason?: string | null }
  | { status: 'skipped'; reason: string }
  | { status: 'error'; reason: string };

/**
 * Verifies EVM deposits on chain (decision 0008, business-rules 6). A deposit is credited only when its
 * receipt succeeded, it holds a Transfer of the chain's configured stablecoin to the platform's
 * receiving address, sent by a wallet linked to the depositing member, for exactly the amount, with the
 * configured confirmations (blocks built on top of it). The credit goes through the same `complete` an
 * admin approval uses, once per chain, hash and log. The scan (chains/scan.ts) finds transfers from linked
 * wallets that nobody reported, reading only blocks that already have their confirmations.
 *
 * A report claims nothing (decision 0027): a deposit is bound to its transfer (log_index, sender_id) only
 * once the chain shows it came from one of the reporting member's linked wallets, and a refused report
 * lets go of it. Someone else's hash is refused as belonging to another account.
 */
export class DepositVerifier {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly deposits: DepositsService,
    private readonly config: Config,
    private readonly warn: Warn = unlogged,
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
      // No reason stored: it is said when read, from the chains read then (deposits.records chainCheckNow).
      return this.mark(d.id, 'manual', { reason: null });
    const receiving = await this.receivingAddress(chainId);
    const own = await ownAddressesOf(this.db, d.user_id, chainId);
    if (!receiving && own.size === 0)
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

    const check = await this.match(d, settings, { receiving, own }, read.transfers);
    if ('refuse' in check)
      return this.mark(d.id, 'refused', {
        reason: check.refuse,
        fromAddress: check.from,
        senderId: check.senderId,
      });
    const { transfer, amount } = check;
    const toOwn = own.has(transfer.to);
    if (toOwn && amount < settings.min_deposit)
      return this.mark(d.id, 'refused', {
        reason: belowMinimumReason(settings, transfer.value),
        fromAddress: transfer.from,
      });
    const taken = await takenElsewhere(this.db, d, chainId, transfer.logIndex, toOwn, this.deposits);
    if (taken) return this.mark(d.id, 'refused', { reason: taken, fromAddress: transfer.from });
    const confirmations = read.confirmations;
    const required = settings.confirmations;
    // Bound to its transfer from here on (deposits_chain_log_key): the member's, as the chain says.
    const bound = {
      log_index: transfer.logIndex,
      from_address: transfer.from,
      sender_id: d.user_id,
      to_address: toOwn ? transfer.to : null,
      block_number: read.blockNumber,
      confirmations,
      required_confirmations: required,
      checked_at: new Date(),
    };
    try {
      if (confirmations < required) {
        await this.db
          .updateTable('deposits')
          .set({ ...bound, chain_status: 'confirming', chain_reason: null })
          .where('id', '=', d.id)
          .where('status', '=', 'pending')
          .execute();
        return { status: 'confirming', confirmations };
      }
      return await this.db.transaction().execute(async (tx): Promise<VerifyOutcome> => {
        const locked = await lockChainState(tx, d.id);
        if (locked?.status !== 'pending' || locked.chain_status === 'refused')
          return { status: 'skipped', reason: 'decided meanwhile' };
        await tx.updateTable('deposits').set(bound).where('id', '=', d.id).execute();
        await this.deposits.complete(tx, d.id, amount, {
          kind: 'chain',
          userId: null,
          note: `${chainName(chainId)} block ${read.blockNumber}, log ${transfer.logIndex}, from ${transfer.from}`,
        });
        return { status: 'credited', confirmations };
      });
    } catch (err) {
      // The hash was credited meanwhile by another path (an admin by hand): it is credited once, ever.
      if (err instanceof AppError && err.status === 409)
        return this.mark(d.id, 'refused', { reason: err.message, fromAddress: transfer.from });
      // Another deposit was bound to this transfer at the same moment: the next check says which.
      if ((err as { code?: unknown }).code === '23505')
        return { status: 'error', reason: 'another deposit took this transfer at the same moment' };
      throw err;
    }
  }

  /** The Transfer that pays this deposit, or why there is none. */
  private async match(
    d: { user_id: bigint; amount: bigint; log_index: number | null; chain_id: number | null },
    settings: ChainSettingsRow,
    to: { receiving: string | undefined; own: Set<string> },
    transfers: Transfer[],
  ): Promise<{ transfer: Transfer; amount: bigint } | { refuse: string; from?: string; senderId?: bigint }> {
    const symbol = settings.token_symbol;
    const chain = chainName(settings.chain_id);
    // The transfer it is bound to first; then the others, as a reorganisation may mine the transaction again in
    // another block, where its log index is another (the binding follows the transfer, takenElsewhere guards it).
    const candidates =
      d.log_index === null
        ? transfers
        : [
            ...transfers.filter((t) => t.logIndex === d.log_index),
            ...transfers.filter((t) => t.logIndex !== d.log_index),
          ];
    const ofToken = candidates.filter((t) => t.token === lower(settings.token_address));
    if (ofToken.length === 0)
      return {
        refuse: `The transaction moves no ${symbol} of the accepted contract ${settings.token_address} on ${chain}.`,
      };
    // Sent to the member's own deposit address (decision 0033): theirs, whoever sent it.
    const toOwn = ofToken.filter((t) => to.own.has(t.to));
    const toUs = ofToken.filter((t) => to.receiving !== undefined && t.to === lower(to.receiving));
    if (toUs.length === 0 && toOwn.length === 0)
      return {
        refuse: to.receiving
          ? `The ${symbol} was not sent to the platform's receiving address ${short(displayAddress(settings.chain_id, lower(to.receiving)))} or to your own deposit address.`
          : `The ${symbol} was not sent to your own deposit address on ${chain}.`,
      };
    const linked = new Set(await walletAddressesOf(this.db, d.user_id));
    const fromMember = [...toOwn, ...toUs.filter((t) => linked.has(t.from))];
    if (fromMember.length === 0) {
      const from = toUs[0]?.from ?? '';
      // The chain names the sender: a wallet of another member makes it that member's deposit.
      const senderId = await linkedOwnerOf(this.db, from);
      if (senderId !== undefined)
        return {
          refuse: `It was sent from ${short(from)}, a wallet linked to another account: this deposit belongs to that account and is never credited to this one.`,
          from,
          senderId,
        };
      return {
        refuse: `It was sent from ${short(from)}, which is not a wallet linked to this account. Link that wallet and this deposit is checked again.`,
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
    opts: {
      reason?: string | null;
      confirmations?: number;
      fromAddress?: string | undefined;
      senderId?: bigint | undefined;
    },
  ): Promise<VerifyOutcome> {
    await this.db
      .updateTable('deposits')
      .set({
        chain_status: status,
        chain_reason: opts.reason ?? null,
        checked_at: new Date(),
        // A refused report holds no transfer (decision 0027); its sender is another member's, or not known.
        ...(status === 'refused' ? { log_index: null, sender_id: opts.senderId ?? null } : {}),
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

  /** The live receiving address for a chain (verifier.support.ts). */
  receivingAddress(chainId: number): Promise<string | undefined> {
    return receivingAddressOf(this.db, chainId);
  }

  /** Records a Transfer the scan found from a linked wallet (verifier.support.ts). */
  recordLinked(chainId: number, settings: ChainSettingsRow, t: ScannedTransfer, userId: bigint) {
    return recordLinkedTransfer(this.db, chainId, settings, t, userId);
  }

  /** Scans a chain for members' deposits nobody reported (chains/scan.ts). */
  scan(chainId: number): Promise<ScanResult> {
    return scanChain(
      { db: this.db, chains: this.chains, verifier: this, deposits: this.deposits, warn: this.warn },
      chainId,
    );
  }

  /** Re-check delay for a deposit still waiting or confirming. */
  get pollSeconds(): number {
    return this.config.chainPollMs / 1000;
  }
}
