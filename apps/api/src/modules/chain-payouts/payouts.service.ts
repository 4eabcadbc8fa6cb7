import { chainName, SUPPORTED_CHAINS, TRON_CHAIN_ID } from '@sgx/chain';
import {
  amountOut,
  displayAddress,
  networkOfChain,
  type PayoutBatchRecord,
  type PayoutChain,
  type PayoutNetwork,
  type PayoutQueueResponse,
} from '@sgx/contracts';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import { requireSecondFactor } from '../auth/second-factor';
import type { ChainsService } from '../chains/chains.service';
import { readBatchDead, readTransaction } from '../chains/reader';
import { normalizeHash } from '../deposits/deposits.records';
import type { PlansService } from '../plans/plans.service';
import { prepareBatch } from './payouts.prepare';
import { batchItems, batchRows, toBatchRecord } from './payouts.records';
import { PayoutReorgService } from './payouts.reorg';
import { PayoutVerifier } from './payouts.verify';

/** At most this many waiting payouts are listed in the queue at once. */
const QUEUE_LIMIT = 500;

/**
 * Payouts on chain from the back-office (decision 0034): the queue of approved payouts per network, a
 * batch prepared by an admin with a second factor (the contract call the operator's wallet sends: no key on the
 * server), the transaction recorded and verified on chain, a failed payout retried once its batch can no longer pay.
 */
export class ChainPayoutsService {
  readonly verifier: PayoutVerifier;
  /** Payouts a chain reorganisation took back after they were verified (decision 0053). */
  readonly reorg: PayoutReorgService;
  /** The hot wallet of a chain and what it holds (PAYOUT_HOT_WALLET_KEY_<chain id>), shown in the queue. */
  hotWalletOf: (chainId: number) => Promise<PayoutChain['hot_wallet']> = async () => null;

  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    plans: PlansService,
    warn: Warn = unlogged,
  ) {
    this.verifier = new PayoutVerifier(db, chains, plans, warn);
    this.reorg = new PayoutReorgService(db, chains, this.verifier, warn);
  }

  async queue(network: PayoutNetwork): Promise<PayoutQueueResponse> {
    const ids = network === 'TRON' ? [TRON_CHAIN_ID] : SUPPORTED_CHAINS.map((c) => c.id);
    const settings = await this.db
      .selectFrom('chain_settings')
      .select(['chain_id', 'payout_contract', 'token_address', 'token_symbol', 'token_decimals'])
      .where('chain_id', 'in', ids)
      .orderBy('chain_id')
      .execute();
    const chains = await Promise.all(
      settings.map(
        async (s): Promise<PayoutChain> => ({
          chain_id: s.chain_id,
          name: chainName(s.chain_id),
          network: networkOfChain(s.chain_id),
          contract: s.payout_contract && displayAddress(s.chain_id, s.payout_contract),
          token: {
            address: displayAddress(s.chain_id, s.token_address.toLowerCase()),
            symbol: s.token_symbol,
            decimals: s.token_decimals,
          },
          verified: this.chains.client(s.chain_id) !== undefined,
          hot_wallet: await this.hotWalletOf(s.chain_id),
        }),
      ),
    );
    const rows = await this.db
      .selectFrom('payouts as p')
      .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select([
        'p.withdrawal_id',
        'w.user_id',
        'u.username',
        'w.kind',
        'w.amount',
        'w.fee',
        'w.net',
        'p.network',
        'w.address',
        'p.status',
        'p.batch_id',
        'p.failure',
        'p.approved_at',
      ])
      .where('p.network', '=', network)
      .where('p.status', 'in', ['approved', 'failed'])
      .orderBy('p.withdrawal_id')
      .limit(QUEUE_LIMIT)
      .execute();
    const total = rows.filter((r) => r.status === 'approved').reduce((sum, r) => sum + r.net, 0n);
    return {
      network,
      chains,
      payouts: rows.map((r) => ({
        withdrawal_id: Number(r.withdrawal_id),
        user_id: Number(r.user_id),
        username: r.username,
        kind: r.kind,
        amount: amountOut(r.amount),
        fee: amountOut(r.fee),
        net: amountOut(r.net),
        network: r.network,
        address: r.address,
        status: r.status,
        batch_id: r.batch_id === null ? null : Number(r.batch_id),
        failure: r.failure,
        approved_at: r.approved_at.toISOString(),
      })),
      total_approved: amountOut(total),
    };
  }

  async list(): Promise<PayoutBatchRecord[]> {
    const rows = await batchRows(this.db).orderBy('b.id', 'desc').limit(50).execute();
    const items = await batchItems(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toBatchRecord(r, items.get(r.id) ?? []));
  }

  async one(id: bigint): Promise<PayoutBatchRecord> {
    const row = await batchRows(this.db).where('b.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Payout batch not found.');
    const items = await batchItems(this.db, [id]);
    return toBatchRecord(row, items.get(id) ?? []);
  }

  /** An admin with a second factor prepares a batch the operator's wallet then sends. */
  async prepare(
    p: Principal,
    body: {
      chain_id: number;
      withdrawal_ids: number[];
      code?: string | undefined;
      payer?: string | undefined;
    },
    ip?: string,
  ): Promise<PayoutBatchRecord> {
    const who = { userId: p.userId, sessionId: p.sessionId, ip };
    if (!(await requireSecondFactor(this.db, who, body.code)))
      throw forbidden('Set up two-factor sign-in first: paying payouts needs an admin with a second factor.');
    const id = await prepareBatch(this.db, this.chains, {
      chainId: body.chain_id,
      withdrawalIds: body.withdrawal_ids.map(BigInt),
      mode: 'wallet',
      createdBy: p.userId,
      payer: body.payer,
    });
    return this.one(id);
  }

  /** The transaction the admin's wallet sent for a batch: recorded (once per hash), then verified. */
  async submit(p: Principal, id: bigint, rawHash: string): Promise<PayoutBatchRecord> {
    const hash = normalizeHash(rawHash);
    const b = await this.db.selectFrom('payout_batches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!b) throw notFound('Payout batch not found.');
    if (b.status === 'paid') throw conflict(`Batch #${id} is paid already.`);
    if (b.status === 'expired')
      throw conflict(`Batch #${id} expired unpaid: its payouts wait for a new batch.`);
    if (b.status === 'reorged')
      throw conflict(
        `A chain reorganisation removed batch #${id}'s payment: resolve its held payouts (confirm it was mined again, or pay again).`,
      );
    if (b.ref_spent && b.tx_hash !== hash) throw conflict(`Batch #${id} was paid by another transaction.`);
    const taken = await this.db
      .selectFrom('payout_batches')
      .select('id')
      .where('tx_hash', '=', hash)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (taken) throw conflict(`This transaction is recorded for batch #${taken.id}.`);
    const client = this.chains.client(b.chain_id);
    const read = client ? await readTransaction(client, hash).catch(() => null) : null;
    if (
      read?.found &&
      read.succeeded &&
      !read.batches.some((e) => e.contract === b.contract && e.ref === b.ref)
    ) {
      const message = `The transaction 0x${hash} does not pay batch #${id}.`;
      throw badRequest(message, { hash: [message] });
    }
    if (!b.ref_spent)
      await this.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('payout_batches')
          .set({ tx_hash: hash, status: 'sent', sent_at: new Date(), failure: null })
          .where('id', '=', id)
          .where('ref_spent', '=', false)
          .where('status', 'in', ['prepared', 'sent', 'failed'])
          .execute();
        await writeAudit(tx, {
          actorId: p.userId,
          action: 'payout.batch.sent',
          entity: 'payout_batch',
          entityId: String(id),
          before: { status: b.status, tx_hash: b.tx_hash },
          after: { status: 'sent', tx_hash: `0x${hash}` },
        });
      });
    await this.verifier.check(id);
    return this.one(id);
  }

  /**
   * A failed payout waits again (an admin, with a reason): only once its batch can no longer pay it, that is when
   * a transaction of the batch succeeded (the contract never pays it again) or its deadline passed unpaid.
   */
  async retry(p: Principal, withdrawalId: bigint, reason: string): Promise<void> {
    const payout = await this.db
      .selectFrom('payouts as p')
      .leftJoin('payout_batches as b', 'b.id', 'p.batch_id')
      .select(['p.status', 'p.batch_id', 'p.failure', 'b.ref_spent', 'b.status as batch_status'])
      .where('p.withdrawal_id', '=', withdrawalId)
      .executeTakeFirst();
    if (!payout) throw notFound('Payout not found.');
    if (payout.status !== 'failed') throw conflict(`This payout is ${payout.status}, not failed.`);
    if (payout.batch_id !== null && !payout.ref_spent && payout.batch_status !== 'expired') {
      const b = await this.db
        .selectFrom('payout_batches')
        .selectAll()
        .where('id', '=', payout.batch_id)
        .executeTakeFirstOrThrow();
      const client = this.chains.client(b.chain_id);
      const s = await this.chains.settings(b.chain_id);
      const dead = client ? await readBatchDead(client, b, s.confirmations).catch(() => false) : false;
      if (!dead)
        throw conflict(
          `Batch #${b.id} could still be paid until ${b.deadline.toISOString()} (and ${s.confirmations} confirmations after): retry after that.`,
        );
      await this.verifier.expire(b);
    }
    await this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('payouts')
        .set({ status: 'approved', batch_id: null, chain_id: null, tx_hash: null, failure: null })
        .where('withdrawal_id', '=', withdrawalId)
        .where('status', '=', 'failed')
        .returning('withdrawal_id')
        .executeTakeFirst();
      if (!done) throw conflict('This payout changed meanwhile; reload.');
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'payout.retry',
        entity: 'withdrawal',
        entityId: withdrawalId,
        before: {
          payout: 'failed',
          batch_id: payout.batch_id === null ? null : String(payout.batch_id),
          failure: payout.failure,
        },
        after: { payout: 'approved' },
        reason,
      });
    });
  }

  /** Checks every open batch (the minutely chain job). */
  async checkOpen(): Promise<number> {
    const open = await this.db
      .selectFrom('payout_batches')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['prepared', 'sent']),
          eb.and([eb('status', '=', 'failed'), eb('ref_spent', '=', false)]),
        ]),
      )
      .orderBy('id')
      .execute();
    for (const { id } of open) await this.verifier.check(id);
    return open.length;
  }
}
