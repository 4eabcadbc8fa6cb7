import { chainName, formatTokenUnits } from '@sgx/chain';
import { amountOut, displayAddress } from '@sgx/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../db';
import type { Currency, PayoutBatchesTable } from '../../db/schema';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { ChainSettingsRow, ChainsService } from '../chains/chains.service';
import {
  type BatchPaid,
  type ChainRead,
  readBatchDead,
  readBatchesPaid,
  readHead,
  readTransaction,
  type Transfer,
} from '../chains/reader';
import { postMany } from '../ledger/ledger.service';
import { usd } from '../notifications/events';
import type { PlansService } from '../plans/plans.service';
import { emitMany } from '../webhooks/emit';
import { withdrawalEventData } from './payouts.approve';

/**
 * Verifying a payout batch on chain (decision 0034). What the chain says wins: a batch is paid by the
 * transaction whose BatchPaid log names its reference (found by the hash an admin sent, or by the server itself
 * when nobody told it), each payout by one Transfer log of the token from the payer to its address for exactly
 * its amount. Past the chain's confirmations, the matching payouts complete once (the ledger key
 * `withdrawal-complete:<id>`) in one database transaction of a fixed number of statements; the others fail and say
 * why. A batch no transaction paid by its deadline (proven at a confirmed block) expires, and its payouts wait again.
 */

type Batch = Selectable<PayoutBatchesTable>;
export type MatchItem = { withdrawal_id: bigint; address: string; raw_amount: bigint };
export type MatchOutcome =
  | { withdrawal_id: bigint; logIndex: number }
  | { withdrawal_id: bigint; failure: string };

/**
 * Each payout takes one unused Transfer to its address for exactly its amount (two payouts to one address need two
 * transfers). Transfers are the token's, from the payer, already filtered by the caller.
 */
export function matchBatch(
  items: MatchItem[],
  transfers: Transfer[],
  show: (raw: bigint) => string,
): MatchOutcome[] {
  const byTo = new Map<string, Transfer[]>();
  for (const t of transfers) {
    const list = byTo.get(t.to) ?? [];
    list.push(t);
    byTo.set(t.to, list);
  }
  const used = new Set<number>();
  const outcomes = items.map((i): MatchOutcome | undefined => {
    const exact = byTo.get(i.address)?.find((t) => !used.has(t.logIndex) && t.value === i.raw_amount);
    if (!exact) return undefined;
    used.add(exact.logIndex);
    return { withdrawal_id: i.withdrawal_id, logIndex: exact.logIndex };
  });
  return items.map((i, n) => {
    const ok = outcomes[n];
    if (ok) return ok;
    const other = byTo.get(i.address)?.find((t) => !used.has(t.logIndex));
    if (other) used.add(other.logIndex);
    const failure = other
      ? `The transaction paid ${show(other.value)} instead of ${show(i.raw_amount)}.`
      : `The transaction paid nothing to this payout's address for ${show(i.raw_amount)}.`;
    return { withdrawal_id: i.withdrawal_id, failure };
  });
}

/**
 * The ledger key of a withdrawal's completion: `withdrawal-complete:<id>` as every completion is, and after a chain
 * reorganisation took `reorgs` payments back (decision 0053), `withdrawal-complete:<id>:<reorgs>`: each payment
 * posts once. The reconciliation (ledger.service.ts) looks for the same key.
 */
export const completionKey = (id: bigint, reorgs: number): string =>
  reorgs === 0 ? `withdrawal-complete:${id}` : `withdrawal-complete:${id}:${reorgs}`;

/** What a batch records of the transaction that carries its BatchPaid log: the contract will never pay it again. */
const paidBy = (b: Batch, hash: string, read: ChainRead & { found: true }, paid: BatchPaid) => ({
  tx_hash: hash,
  ref_spent: true,
  sender: paid.payer,
  confirmations: read.confirmations,
  block_number: read.blockNumber,
  sent_at: b.sent_at ?? new Date(),
});

export class PayoutVerifier {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly plans: PlansService,
    private readonly warn: Warn = unlogged,
  ) {}

  /** Checks one open batch against the chain; quiet when the node is down (the next round checks again). */
  async check(id: bigint): Promise<void> {
    const b = await this.db.selectFrom('payout_batches').selectAll().where('id', '=', id).executeTakeFirst();
    const open =
      b && (b.status === 'prepared' || b.status === 'sent' || (b.status === 'failed' && !b.ref_spent));
    if (!b || !open) return;
    const client = this.chains.client(b.chain_id);
    if (!client) return;
    const s = await this.chains.settings(b.chain_id);
    try {
      let hash = b.ref_spent ? b.tx_hash : null;
      if (!hash) {
        const head = await readHead(client);
        const found = await readBatchesPaid(client, b.contract, [b.ref], b.from_block, head);
        hash = found[0]?.hash ?? b.tx_hash;
      }
      if (hash) {
        const read = await readTransaction(client, hash);
        if (read.found) return await this.verifyRead(b, s, hash, read);
      }
      if (await readBatchDead(client, b, s.confirmations)) await this.expire(b);
    } catch (err) {
      // The node did not answer (or the check failed): checked again next round, and said.
      this.warn({ err, batch: b.id }, 'a payout batch could not be checked: checked again next round');
    }
  }

  /** What a mined transaction says of the batch. */
  async verifyRead(
    b: Batch,
    s: ChainSettingsRow,
    hash: string,
    read: ChainRead & { found: true },
  ): Promise<void> {
    const paid = read.succeeded
      ? read.batches.find((e) => e.contract === b.contract && e.ref === b.ref)
      : undefined;
    if (!read.succeeded) {
      if (b.status === 'failed') return;
      return this.fail(b, hash, `The transaction 0x${hash} reverted on chain: nothing was paid.`);
    }
    if (!paid) {
      // Not this batch's payment (a wrong hash was sent): forgotten; the batch waits for its own.
      await this.db
        .updateTable('payout_batches')
        .set({
          tx_hash: null,
          status: 'prepared',
          failure: `The transaction 0x${hash} does not pay batch #${b.id}.`,
        })
        .where('id', '=', b.id)
        .where('ref_spent', '=', false)
        .execute();
      return;
    }
    if (read.confirmations < s.confirmations) {
      await this.db
        .updateTable('payout_batches')
        .set({ ...paidBy(b, hash, read, paid), status: 'sent', failure: null })
        .where('id', '=', b.id)
        .where('status', 'in', ['prepared', 'sent', 'failed'])
        .execute();
      await this.db
        .updateTable('payouts')
        .set({ status: 'sending', failure: null })
        .where('batch_id', '=', b.id)
        .where('status', '=', 'failed')
        .execute();
      return;
    }
    await this.db.transaction().execute((tx) => this.complete(tx, b.id, s, hash, read, paid));
  }

  /** Past the confirmations: the matching payouts complete once, the others fail with their reason. */
  private async complete(
    tx: Tx,
    batchId: bigint,
    s: ChainSettingsRow,
    hash: string,
    read: ChainRead & { found: true },
    paid: BatchPaid,
  ): Promise<void> {
    const b = await tx
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', batchId)
      .forUpdate()
      .executeTakeFirst();
    if (!b || b.status === 'paid' || b.status === 'expired' || (b.status === 'failed' && b.ref_spent)) return;
    const items = await tx
      .selectFrom('payout_batch_items as i')
      .innerJoin('payouts as p', 'p.withdrawal_id', 'i.withdrawal_id')
      .select(['i.withdrawal_id', 'i.address', 'i.raw_amount'])
      .where('i.batch_id', '=', b.id)
      .where('p.batch_id', '=', b.id)
      .where('p.status', 'in', ['sending', 'failed'])
      .orderBy('i.position')
      .execute();
    const transfers = read.transfers.filter((t) => t.token === b.token_address && t.from === paid.payer);
    const show = (raw: bigint) => `${formatTokenUnits(raw, b.token_decimals)} ${s.token_symbol}`;
    const outcomes = matchBatch(
      items.map((i) => ({ ...i, raw_amount: BigInt(i.raw_amount) })),
      transfers,
      show,
    );
    const matched = outcomes.flatMap((o) => ('logIndex' in o ? [o] : []));
    const failed = outcomes.flatMap((o) => ('failure' in o ? [o] : []));
    const completed = await this.completeWithdrawals(tx, b, hash, read.confirmations, matched);
    if (failed.length > 0)
      await sql`UPDATE payouts p SET status = 'failed', failure = v.failure
        FROM unnest(${failed.map((f) => f.withdrawal_id)}::bigint[], ${failed.map((f) => f.failure)}::text[])
          AS v(id, failure)
        WHERE p.withdrawal_id = v.id`.execute(tx);
    const failure =
      failed.length === 0
        ? null
        : `${failed.length} of ${outcomes.length} payouts did not match: ${failed
            .slice(0, 5)
            .map((f) => `#${f.withdrawal_id} ${f.failure}`)
            .join(' ')}${failed.length > 5 ? ' …' : ''}`;
    await tx
      .updateTable('payout_batches')
      .set({
        ...paidBy(b, hash, read, paid),
        status: failed.length === 0 ? 'paid' : 'failed',
        paid_at: new Date(),
        failure,
      })
      .where('id', '=', b.id)
      .execute();
    await emitMany(tx, [
      ...failed.map((f) => ({
        type: 'withdrawal.failed' as const,
        data: { withdrawal_id: String(f.withdrawal_id), batch_id: String(b.id), failure: f.failure },
      })),
      ...(failed.length === 0
        ? [
            {
              type: 'payout_batch.paid' as const,
              data: {
                batch_id: String(b.id),
                chain_id: b.chain_id,
                tx_hash: `0x${hash}`,
                withdrawal_ids: matched.map((m) => String(m.withdrawal_id)),
              },
              // Each payout's completion, under the key it was posted with (after a reorganisation: its count).
              ledgerKeys: (
                await tx
                  .selectFrom('payouts')
                  .select(['withdrawal_id', 'reorgs'])
                  .where(
                    'withdrawal_id',
                    'in',
                    matched.map((m) => m.withdrawal_id),
                  )
                  .execute()
              ).map((p) => completionKey(p.withdrawal_id, p.reorgs)),
            },
          ]
        : []),
    ]);
    await writeAudit(tx, {
      actorId: null,
      action: 'payout.batch.verified',
      entity: 'payout_batch',
      entityId: String(b.id),
      before: { status: b.status },
      after: {
        status: failed.length === 0 ? 'paid' : 'failed',
        tx_hash: `0x${hash}`,
        chain: chainName(b.chain_id),
        paid: completed,
        failed: failed.map((f) => String(f.withdrawal_id)),
      },
      reason: 'verified on chain',
    });
  }

  /**
   * Completes the matched withdrawals in a fixed number of statements: locked in id order, still pending; each
   * posted through the ledger's own function (keyed `withdrawal-complete:<id>`, as any completion is: once; see
   * completionKey after a reorganisation), the
   * withdrawal complete with its transaction, the payout paid with its log, the member told. Returns the count.
   */
  async completeWithdrawals(
    tx: Tx,
    b: Batch,
    hash: string,
    confirmations: number,
    matched: { withdrawal_id: bigint; logIndex: number }[],
  ): Promise<number> {
    if (matched.length === 0) return 0;
    const ws = await tx
      .selectFrom('withdrawals as w')
      .innerJoin('payouts as p', 'p.withdrawal_id', 'w.id')
      .select([
        'w.id',
        'w.user_id',
        'w.kind',
        'w.amount',
        'w.fee',
        'w.net',
        'w.member_plan_id',
        'w.currency',
        'w.address',
        'p.approved_by',
        'p.reorgs',
      ])
      .where(
        'w.id',
        'in',
        matched.map((m) => m.withdrawal_id),
      )
      .where('w.status', '=', 'pending')
      .orderBy('w.id')
      .forUpdate(['w'])
      .execute();
    if (ws.length === 0) return 0;
    const logOf = new Map(matched.map((m) => [m.withdrawal_id, m.logIndex]));
    // Each payout's completion, posted by the one writer of the ledger (ledger_post_many.sql) in one call per
    // approver: pending_withdrawals gives the amount, cash pays the net, fee_revenue keeps the fee.
    await postMany(
      tx,
      ws.map((w) => ({
        key: completionKey(w.id, w.reorgs),
        kind: 'withdrawal_payout',
        memberId: w.user_id,
        memo: `${w.kind} withdrawal paid on chain`,
        details: {
          withdrawal_id: String(w.id),
          chain_id: b.chain_id,
          tx_hash: `0x${hash}`,
          batch_id: String(b.id),
        },
        createdBy: w.approved_by,
        entries: [
          { account: { owner: null, kind: 'pending_withdrawals' }, amount: -BigInt(w.amount) },
          { account: { owner: null, kind: 'cash' }, amount: BigInt(w.net) },
          ...(BigInt(w.fee) === 0n
            ? []
            : [{ account: { owner: null, kind: 'fee_revenue' as const }, amount: BigInt(w.fee) }]),
        ],
      })),
    );
    const ids = ws.map((w) => w.id);
    const now = new Date();
    await sql`UPDATE withdrawals w SET status = 'complete', decided_by = v.by, decided_at = ${now},
        payout_reference = ${`0x${hash}`}
      FROM unnest(${ids}::bigint[], ${ws.map((w) => w.approved_by)}::bigint[]) AS v(id, by)
      WHERE w.id = v.id`.execute(tx);
    await sql`UPDATE payouts p SET status = 'paid', chain_id = ${b.chain_id}, tx_hash = ${hash}, log_index = v.log,
        confirmations = ${confirmations}, failure = NULL, paid_at = ${now}, reorg_note = NULL
      FROM unnest(${ids}::bigint[], ${ids.map((id) => logOf.get(id) ?? -1)}::int[]) AS v(id, log)
      WHERE p.withdrawal_id = v.id`.execute(tx);
    // A payment after a reorganisation (reorgs > 0): the plan ended with the first one.
    for (const w of ws)
      if (w.kind === 'principal' && w.member_plan_id !== null && w.reorgs === 0)
        await this.plans.endPlanInTx(tx, w.member_plan_id, 'principal withdrawn');
    await emitMany(
      tx,
      ws.map((w) => ({
        type: 'withdrawal.paid' as const,
        data: {
          ...withdrawalEventData({ ...w, currency: w.currency as Currency }),
          paid_by: 'chain',
          chain_id: b.chain_id,
          tx_hash: `0x${hash}`,
          log_index: logOf.get(w.id) ?? null,
          batch_id: String(b.id),
        },
        ledgerKeys: [completionKey(w.id, w.reorgs)],
      })),
    );
    const where = `${chainName(b.chain_id)} transaction 0x${hash.slice(0, 10)}…`;
    await tx
      .insertInto('member_events')
      .values(
        ws.map((w) => ({
          user_id: w.user_id,
          kind: 'withdrawal_paid' as const,
          title: 'Withdrawal paid',
          message: `Your withdrawal of ${usd(w.amount)} was paid: ${usd(w.net)} sent after a fee of ${usd(w.fee)}, in ${where}.`,
          link: '/user/withdrawal',
          dedupe_key: w.reorgs === 0 ? `withdrawal-paid:${w.id}` : `withdrawal-paid:${w.id}:${w.reorgs}`,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
    return ws.length;
  }

  /** A mined transaction of the batch reverted: its payouts fail (an admin retries them once the batch is dead). */
  private async fail(b: Batch, hash: string, failure: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('payout_batches')
        .set({ status: 'failed', tx_hash: hash, failure })
        .where('id', '=', b.id)
        .where('status', 'in', ['prepared', 'sent'])
        .where('ref_spent', '=', false)
        .returning('id')
        .executeTakeFirst();
      if (!done) return;
      const gone = await tx
        .updateTable('payouts')
        .set({ status: 'failed', failure: `Batch #${b.id}: ${failure}` })
        .where('batch_id', '=', b.id)
        .where('status', '=', 'sending')
        .returning('withdrawal_id')
        .execute();
      await emitMany(
        tx,
        gone.map((g) => ({
          type: 'withdrawal.failed' as const,
          data: {
            withdrawal_id: String(g.withdrawal_id),
            batch_id: String(b.id),
            tx_hash: `0x${hash}`,
            failure,
          },
        })),
      );
      await writeAudit(tx, {
        actorId: null,
        action: 'payout.batch.failed',
        entity: 'payout_batch',
        entityId: String(b.id),
        before: { status: b.status },
        after: { status: 'failed', tx_hash: `0x${hash}` },
        reason: failure,
      });
    });
  }

  /** No transaction paid the batch by its deadline, proven at a confirmed block: its sending payouts wait again. */
  async expire(b: Batch): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('payout_batches')
        .set({ status: 'expired' })
        .where('id', '=', b.id)
        .where('ref_spent', '=', false)
        .where('status', 'in', ['prepared', 'sent', 'failed'])
        .returning('id')
        .executeTakeFirst();
      if (!done) return;
      const back = await tx
        .updateTable('payouts')
        .set({ status: 'approved', batch_id: null, chain_id: null, failure: null })
        .where('batch_id', '=', b.id)
        .where('status', '=', 'sending')
        .returning('withdrawal_id')
        .execute();
      await writeAudit(tx, {
        actorId: null,
        action: 'payout.batch.expired',
        entity: 'payout_batch',
        entityId: String(b.id),
        before: { status: b.status },
        after: { status: 'expired', waiting_again: back.length, total: amountOut(b.total) },
        reason: `not paid by ${b.deadline.toISOString()} on ${chainName(b.chain_id)} (contract ${displayAddress(b.chain_id, b.contract)})`,
      });
    });
  }
}
