import { chainName, formatTokenUnits } from '@sgx/chain';
import {
  amountOut,
  displayAddress,
  type HeldPayoutRecord,
  type PayoutReorgResolveBody,
} from '@sgx/contracts';
import { type Selectable, sql } from 'kysely';
import { BaseError, type PublicClient } from 'viem';
import type { Db } from '../../db';
import type { PayoutBatchesTable } from '../../db/schema';
import type { Principal } from '../../http/access';
import { businessRule, conflict, notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { ChainSettingsRow, ChainsService } from '../chains/chains.service';
import { type ChainRead, readBatchDead, readBatchesPaid, readHead, readTransaction } from '../chains/reader';
import { RECHECK_WINDOW_MS } from '../chains/recheck';
import { post } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';
import { matchBatch, type PayoutVerifier } from './payouts.verify';

/**
 * Payouts a chain reorganisation took back after they were verified (decision 0053; the deposits'
 * equivalent is decision 0028). For 24 hours after its payment (RECHECK_WINDOW_MS, and the daily job over 2 days)
 * each paid batch's transaction is read again; one the chain no longer shows paying the batch (no receipt, a
 * failed one, no BatchPaid of the batch's reference, or no Transfer for a payout) has its paid payouts held: the
 * completion is reversed in the ledger (the money is held again in pending_withdrawals), the withdrawal is pending
 * again, the payout `held`, the batch `reorged`, admins and the member told. A transaction mined again in another
 * block is not a loss: with its confirmations it stays paid, with fewer it is watched. An admin resolves a hold:
 * `remined` completes it again (only while the chain shows the batch's payment, found by its reference, with its
 * confirmations: the same payment, never a second one), `repay` makes it wait for a new batch (only once the old
 * batch can provably never pay: its deadline passed unpaid at a confirmed block).
 */

type Batch = Selectable<PayoutBatchesTable>;

/** At most this many batches are read per run, the least recently read first. */
const RECHECK_PER_RUN = 50;

/** What the chain says of a paid batch's payment now. */
export type BatchVerdict =
  | {
      kind: 'present';
      hash: string;
      read: ChainRead & { found: true };
      /** The payouts asked about, each with the Transfer log that pays it. */
      matched: { withdrawal_id: bigint; logIndex: number }[];
    }
  | { kind: 'reconfirming'; hash: string; confirmations: number; required: number; note: string }
  | { kind: 'gone'; note: string };

/**
 * Reads a batch's payment again: the transaction carrying its BatchPaid (the recorded one, else any found by its
 * reference), and one Transfer of the token from the payer for each of `items`, not one of `usedLogs`. Throws when
 * the chain cannot be read (an unreadable chain proves nothing).
 */
export async function readBatchPayment(
  client: PublicClient,
  b: Batch,
  s: ChainSettingsRow,
  items: { withdrawal_id: bigint; address: string; raw_amount: bigint }[],
  usedLogs: Set<number> = new Set(),
): Promise<BatchVerdict> {
  const chain = chainName(b.chain_id);
  const carries = (r: ChainRead) =>
    r.found && r.succeeded && r.batches.some((e) => e.contract === b.contract && e.ref === b.ref);
  let hash = b.tx_hash;
  let read = hash ? await readTransaction(client, hash) : null;
  const first = read;
  if (!read || !carries(read)) {
    const head = await readHead(client);
    for (const found of await readBatchesPaid(client, b.contract, [b.ref], b.from_block, head)) {
      const r = await readTransaction(client, found.hash);
      if (carries(r)) {
        hash = found.hash;
        read = r;
        break;
      }
    }
  }
  if (!read || !hash || !read.found || !carries(read)) {
    const what = !first
      ? 'has no transaction'
      : !first.found
        ? `transaction 0x${b.tx_hash} is no longer on ${chain} (block ${first.head} is the head)`
        : !first.succeeded
          ? `transaction 0x${b.tx_hash} is now failed on ${chain} (block ${first.blockNumber})`
          : `transaction 0x${b.tx_hash} no longer pays it on ${chain}`;
    return {
      kind: 'gone',
      note: `The batch's ${what}, and no other transaction pays its reference: a chain reorganisation removed its payment.`,
    };
  }
  const paid = read.batches.find((e) => e.contract === b.contract && e.ref === b.ref);
  const transfers = read.transfers.filter(
    (t) => t.token === b.token_address && t.from === paid?.payer && !usedLogs.has(t.logIndex),
  );
  const show = (raw: bigint) => `${formatTokenUnits(raw, b.token_decimals)} ${s.token_symbol}`;
  const outcomes = matchBatch(items, transfers, show);
  const missing = outcomes.find((o) => 'failure' in o);
  if (missing && 'failure' in missing)
    return {
      kind: 'gone',
      note: `The transaction 0x${hash} on ${chain} (block ${read.blockNumber}) no longer pays withdrawal #${missing.withdrawal_id}: ${missing.failure}`,
    };
  if (read.confirmations < s.confirmations)
    return {
      kind: 'reconfirming',
      hash,
      confirmations: read.confirmations,
      required: s.confirmations,
      note: `Mined again in block ${read.blockNumber} with ${read.confirmations} of ${s.confirmations} confirmations.`,
    };
  return {
    kind: 'present',
    hash,
    read,
    matched: outcomes.flatMap((o) => ('logIndex' in o ? [o] : [])),
  };
}

export type PayoutRecheckCounts = {
  checked: number;
  present: number;
  reconfirming: number;
  /** Batches held this run. */
  held: number;
  errors: number;
  error?: string;
};

export class PayoutReorgService {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly verifier: PayoutVerifier,
    /** Where a chain that did not answer while an admin confirms a held payout is told. */
    private readonly warn: Warn = unlogged,
  ) {}

  /** The paid payouts of a batch, as `readBatchPayment` matches them. */
  private async paidItems(batchId: bigint, status: 'paid' | 'held') {
    const rows = await this.db
      .selectFrom('payout_batch_items as i')
      .innerJoin('payouts as p', 'p.withdrawal_id', 'i.withdrawal_id')
      .select(['i.withdrawal_id', 'i.address', 'i.raw_amount'])
      .where('i.batch_id', '=', batchId)
      .where('p.batch_id', '=', batchId)
      .where('p.status', '=', status)
      .orderBy('i.position')
      .execute();
    return rows.map((r) => ({ ...r, raw_amount: BigInt(r.raw_amount) }));
  }

  /**
   * One run of the re-check: batches paid in the last `windowMs` (and those still watched) on a chain the server
   * reads, the least recently read first. Safe to repeat and to run concurrently (a hold happens once, under the
   * batch's row lock).
   */
  async recheck(now = new Date(), windowMs = RECHECK_WINDOW_MS): Promise<PayoutRecheckCounts> {
    const counts: PayoutRecheckCounts = { checked: 0, present: 0, reconfirming: 0, held: 0, errors: 0 };
    const readable = this.chains.readChainIds();
    if (readable.length === 0) return counts;
    const since = new Date(now.getTime() - windowMs);
    const due = await this.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('ref_spent', '=', true)
      .where('status', 'in', ['paid', 'failed'])
      .where('chain_id', 'in', readable)
      .where((eb) => eb.or([eb('paid_at', '>', since), eb('reorg_note', 'is not', null)]))
      .orderBy(sql`reorg_checked_at ASC NULLS FIRST`)
      .orderBy('id')
      .limit(RECHECK_PER_RUN)
      .execute();
    for (const b of due) {
      const client = this.chains.client(b.chain_id);
      if (!client) continue;
      const items = await this.paidItems(b.id, 'paid');
      if (items.length === 0) continue;
      counts.checked++;
      let verdict: BatchVerdict;
      try {
        verdict = await readBatchPayment(client, b, await this.chains.settings(b.chain_id), items);
      } catch (err) {
        counts.errors++;
        counts.error ??= err instanceof BaseError ? err.shortMessage : String(err).slice(0, 200);
        continue;
      }
      // Paid by another transaction than the one the payouts name (the same reference sent again): the payment
      // they record is gone; an admin confirms the new one (remined).
      if (verdict.kind !== 'gone' && verdict.hash !== b.tx_hash)
        verdict = {
          kind: 'gone',
          note: `The transaction 0x${b.tx_hash} that paid the batch is gone; transaction 0x${verdict.hash} pays its reference now.`,
        };
      if (verdict.kind === 'gone') {
        if ((await this.hold(b.id, verdict.note, now)) > 0) counts.held++;
        continue;
      }
      counts[verdict.kind]++;
      await this.db
        .updateTable('payout_batches')
        .set({
          reorg_checked_at: now,
          reorg_note: verdict.kind === 'reconfirming' ? verdict.note : null,
          ...(verdict.kind === 'present' ? { confirmations: verdict.read.confirmations } : {}),
        })
        .where('id', '=', b.id)
        .where('status', 'in', ['paid', 'failed'])
        .execute();
    }
    return counts;
  }

  /**
   * Holds the paid payouts of a batch whose payment the chain no longer shows, in one transaction under the
   * batch's and the withdrawals' row locks: each completion reversed in the ledger (keyed
   * `withdrawal-reorg-hold:<id>:<n>`, the n-th payment taken back), the withdrawal pending again, the payout held,
   * the batch reorged, audited, each member told. Returns how many payouts it held (0: nothing paid to hold).
   */
  async hold(batchId: bigint, note: string, now = new Date()): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const b = await tx
        .selectFrom('payout_batches')
        .selectAll()
        .where('id', '=', batchId)
        .where('ref_spent', '=', true)
        .where('status', 'in', ['paid', 'failed'])
        .forUpdate()
        .executeTakeFirst();
      if (!b) return 0;
      const ws = await tx
        .selectFrom('withdrawals as w')
        .innerJoin('payouts as p', 'p.withdrawal_id', 'w.id')
        .select(['w.id', 'w.user_id', 'w.amount', 'w.fee', 'w.net', 'p.reorgs', 'p.tx_hash'])
        .where('p.batch_id', '=', b.id)
        .where('p.status', '=', 'paid')
        .where('w.status', '=', 'complete')
        .orderBy('w.id')
        .forUpdate(['w'])
        .execute();
      for (const w of ws) {
        const n = w.reorgs + 1;
        await post(tx, {
          key: `withdrawal-reorg-hold:${w.id}:${n}`,
          kind: 'withdrawal_reorg_hold',
          memberId: w.user_id,
          memo: `Withdrawal #${w.id} held: its payment is no longer on chain`,
          details: { withdrawal_id: w.id, batch_id: b.id, chain_id: b.chain_id, tx_hash: `0x${w.tx_hash}` },
          entries: [
            { account: { owner: null, kind: 'pending_withdrawals' }, amount: w.amount },
            { account: { owner: null, kind: 'cash' }, amount: -w.net },
            ...(w.fee === 0n
              ? []
              : [{ account: { owner: null, kind: 'fee_revenue' as const }, amount: -w.fee }]),
          ],
        });
      }
      const ids = ws.map((w) => w.id);
      if (ids.length > 0) {
        await tx
          .updateTable('withdrawals')
          .set({ status: 'pending', payout_reference: null })
          .where('id', 'in', ids)
          .execute();
        await tx
          .updateTable('payouts')
          .set((eb) => ({
            status: 'held',
            reorgs: eb('reorgs', '+', 1),
            reorg_detected_at: now,
            reorg_note: note,
            failure: note,
            confirmations: null,
          }))
          .where('withdrawal_id', 'in', ids)
          .execute();
      }
      await tx
        .updateTable('payout_batches')
        .set({
          status: 'reorged',
          ref_spent: false,
          failure: note,
          reorg_note: null,
          reorg_checked_at: now,
        })
        .where('id', '=', b.id)
        .execute();
      await writeAudit(tx, {
        actorId: null,
        action: 'payout.reorg_hold',
        entity: 'payout_batch',
        entityId: String(b.id),
        before: { status: b.status, tx_hash: b.tx_hash && `0x${b.tx_hash}` },
        after: {
          status: 'reorged',
          held: ids.map(String),
          total: amountOut(ws.reduce((sum, w) => sum + w.net, 0n)),
        },
        reason: note,
      });
      const chain = chainName(b.chain_id);
      for (const w of ws)
        await notifyMember(tx, {
          userId: w.user_id,
          kind: 'withdrawal_held',
          key: `withdrawal-held:${w.id}:${w.reorgs + 1}`,
          title: 'Withdrawal payment taken back',
          message: `The ${chain} transaction that paid your withdrawal of ${usd(w.amount)} is no longer on the chain (a chain reorganisation removed it). Your withdrawal is pending again and its ${usd(w.amount)} stays held for it until our team has checked the chain and paid it.`,
          link: '/user/withdrawal',
        });
      return ids.length;
    });
  }

  /** Held payouts for admins (newest first, at most 200), and how many are held. */
  async list(): Promise<{ payouts: HeldPayoutRecord[]; held_count: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('payouts as p')
        .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
        .select([
          'p.withdrawal_id',
          'w.user_id',
          'u.username',
          'w.kind',
          'w.amount',
          'w.net',
          'p.network',
          'w.address',
          'b.chain_id',
          'p.batch_id',
          'p.tx_hash',
          'b.deadline',
          'p.reorg_detected_at',
          'p.reorg_note',
        ])
        .where('p.status', '=', 'held')
        .orderBy('p.reorg_detected_at', 'desc')
        .orderBy('p.withdrawal_id', 'desc')
        .limit(200)
        .execute(),
      this.db
        .selectFrom('payouts')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('status', '=', 'held')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      held_count: Number(count.n),
      payouts: rows.map((r) => ({
        withdrawal_id: Number(r.withdrawal_id),
        user_id: Number(r.user_id),
        username: r.username,
        kind: r.kind,
        amount: amountOut(r.amount),
        net: amountOut(r.net),
        network: r.network,
        address: r.address,
        chain_id: r.chain_id,
        chain_name: chainName(r.chain_id),
        batch_id: Number(r.batch_id),
        tx_hash: r.tx_hash && `0x${r.tx_hash}`,
        deadline: r.deadline.toISOString(),
        reorg_detected_at: (r.reorg_detected_at ?? new Date(0)).toISOString(),
        reorg_note: r.reorg_note ?? '',
      })),
    };
  }

  /**
   * An admin resolves a held payout, alone (a payment again needs a new batch, prepared with a second factor):
   * 'remined' completes it again with the payment the chain shows now; 'repay' makes it wait for a new batch.
   * Audited; the member is told. A payout not held is a 409. Returns the message.
   */
  async resolve(principal: Principal, withdrawalId: bigint, body: PayoutReorgResolveBody): Promise<string> {
    const p = await this.db
      .selectFrom('payouts')
      .select(['status', 'batch_id'])
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirst();
    if (!p) throw notFound('Payout not found.');
    if (p.status !== 'held' || p.batch_id === null)
      throw conflict(`This payout is ${p.status}, not held: nothing to resolve.`);
    const b = await this.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', p.batch_id)
      .executeTakeFirstOrThrow();
    const client = this.chains.client(b.chain_id);
    if (!client)
      throw businessRule(
        `The server cannot read ${chainName(b.chain_id)}, so it cannot prove what the chain shows: this payout cannot be resolved yet.`,
      );
    const s = await this.chains.settings(b.chain_id);
    return body.action === 'remined'
      ? this.remined(principal, withdrawalId, b, s, client, body.reason)
      : this.repay(principal, withdrawalId, b, s, client, body.reason);
  }

  /** The chain shows the batch's payment again with its confirmations: the payout completes with it, once. */
  private async remined(
    principal: Principal,
    withdrawalId: bigint,
    b: Batch,
    s: ChainSettingsRow,
    client: PublicClient,
    reason: string,
  ): Promise<string> {
    const item = (await this.paidItems(b.id, 'held')).find((i) => i.withdrawal_id === withdrawalId);
    if (!item) throw conflict('This payout changed meanwhile; reload.');
    // The logs its batch siblings confirmed already pay them, not this payout.
    const used = await this.db
      .selectFrom('payouts')
      .select(['tx_hash', 'log_index'])
      .where('batch_id', '=', b.id)
      .where('status', '=', 'paid')
      .execute();
    let verdict: BatchVerdict;
    try {
      const first = await readBatchPayment(client, b, s, [item]);
      const logs = new Set(
        used.flatMap((u) =>
          first.kind !== 'gone' && u.tx_hash === first.hash && u.log_index !== null ? [u.log_index] : [],
        ),
      );
      verdict = logs.size === 0 ? first : await readBatchPayment(client, b, s, [item], logs);
    } catch (err) {
      this.warn(
        { err, batch: String(b.id), chainId: b.chain_id },
        'a held payout could not be read on its chain: its confirmation is refused until it can be',
      );
      throw businessRule('The chain did not answer just now, so the payment cannot be proven: try again.');
    }
    if (verdict.kind === 'gone')
      throw businessRule(`The chain does not show this payout's payment again. ${verdict.note}`);
    if (verdict.kind === 'reconfirming')
      throw businessRule(
        `The batch's payment is on the chain again but has ${verdict.confirmations} of ${verdict.required} confirmations: confirm it once it has them.`,
      );
    const { hash, read, matched } = verdict;
    await this.db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('payouts')
        .select('status')
        .where('withdrawal_id', '=', withdrawalId)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.status !== 'held') throw conflict('This payout was resolved meanwhile; reload.');
      const done = await this.verifier.completeWithdrawals(tx, b, hash, read.confirmations, matched);
      if (done !== 1) throw conflict('This withdrawal changed meanwhile; reload.');
      const others = await tx
        .selectFrom('payouts')
        .select('status')
        .distinct()
        .where('batch_id', '=', b.id)
        .where('status', 'in', ['held', 'failed'])
        .execute();
      const left = others.some((o) => o.status === 'held');
      const failed = others.some((o) => o.status === 'failed');
      await tx
        .updateTable('payout_batches')
        .set({
          tx_hash: hash,
          ref_spent: true,
          block_number: read.blockNumber,
          confirmations: read.confirmations,
          // Once none is held, the batch is as its payment left it (failed: some payouts did not match).
          ...(left ? {} : { status: failed ? 'failed' : 'paid', failure: null }),
        })
        .where('id', '=', b.id)
        .execute();
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'payout.reorg_remined',
        entity: 'withdrawal',
        entityId: withdrawalId,
        before: { payout: 'held', batch_id: String(b.id) },
        after: { payout: 'paid', tx_hash: `0x${hash}`, block: String(read.blockNumber) },
        reason,
      });
    });
    return `Withdrawal #${withdrawalId} is paid: the chain shows its batch's transaction 0x${hash} again with ${read.confirmations} confirmations.`;
  }

  /** The old batch can never pay (deadline passed unpaid, at a confirmed block): the payout waits for a new one. */
  private async repay(
    principal: Principal,
    withdrawalId: bigint,
    b: Batch,
    s: ChainSettingsRow,
    client: PublicClient,
    reason: string,
  ): Promise<string> {
    const dead = await readBatchDead(client, b, s.confirmations).catch(() => false);
    if (!dead)
      throw conflict(
        `Batch #${b.id} could still be paid, or is paid again, until ${b.deadline.toISOString()} (and ${s.confirmations} confirmations after): pay again only after that, or confirm it was mined again.`,
      );
    await this.db.transaction().execute(async (tx) => {
      const w = await tx
        .updateTable('payouts')
        .set({
          status: 'approved',
          batch_id: null,
          chain_id: null,
          tx_hash: null,
          log_index: null,
          confirmations: null,
          failure: null,
        })
        .where('withdrawal_id', '=', withdrawalId)
        .where('status', '=', 'held')
        .returning('withdrawal_id')
        .executeTakeFirst();
      if (!w) throw conflict('This payout was resolved meanwhile; reload.');
      const m = await tx
        .selectFrom('withdrawals')
        .select(['user_id', 'amount'])
        .where('id', '=', withdrawalId)
        .executeTakeFirstOrThrow();
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'payout.reorg_repay',
        entity: 'withdrawal',
        entityId: withdrawalId,
        before: { payout: 'held', batch_id: String(b.id) },
        after: { payout: 'approved' },
        reason,
      });
      await notifyMember(tx, {
        userId: m.user_id,
        kind: 'withdrawal_held',
        key: `withdrawal-repay:${withdrawalId}:${b.id}`,
        title: 'Withdrawal to be paid again',
        message: `Your withdrawal of ${usd(m.amount)}, whose payment a chain reorganisation removed, will be paid again in a new transaction.`,
        link: '/user/withdrawal',
      });
    });
    return `Payout #${withdrawalId} waits again for a batch: batch #${b.id} (contract ${displayAddress(b.chain_id, b.contract)}) can no longer pay it.`;
  }
}
