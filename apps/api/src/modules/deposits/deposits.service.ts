import { randomUUID } from 'node:crypto';
import { depositNetworkName } from '@sgx/chain';
import {
  amountOut,
  type DepositChainId,
  type DepositRecord,
  type ListQuery,
  type SupportedChainId,
  TRON_CHAIN_ID,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import type { Currency } from '../../db/schema';
import type { Principal } from '../../http/access';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { type Awaiting, cancelPendingApprovals } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import { type ChainsService, depositChainOf } from '../chains/chains.service';
import { checkIdentityLimit } from '../identity-limits/limits';
import { post } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';
import { cancelRequest } from '../requests/cancel';
import type { SettingsService } from '../settings/settings.service';
import { emitMany } from '../webhooks/emit';
import {
  creditWaits,
  type Deposit,
  DepositPayload,
  lockDeposit,
  requestDepositCompletion,
} from './deposits.approval';
import { creditedEvent, creditedNotice, creditOwnAddressDeposits, depositPosting } from './deposits.credit';
import { hashCreditedTo, listDeposits, normalizeHash, oneDeposit } from './deposits.records';

export { normalizeHash } from './deposits.records';

const hashConflict = (message: string) => conflict(message, { hash: [message] });

/** Refuses (409) completing a deposit whose hash is already credited, to this member or another. */
async function assertHashUncredited(tx: Tx, hash: string, byHashOnly = false): Promise<void> {
  const credited = await hashCreditedTo(tx, hash, byHashOnly);
  if (credited)
    throw conflict(
      `This transaction hash was already credited with deposit #${credited.id} of ${credited.username}: a hash is credited once.`,
    );
}

/**
 * Deposits (business-rules 6): a request records a pending deposit and credits nothing. An EVM deposit
 * is checked on chain by the verifier (chains/verifier.ts); an admin approves the rest by hand (a large
 * credit, or one of another amount than reported, with a second admin: decision 0024). All complete it
 * through `complete`, which credits once.
 */
export class DepositsService {
  /** Called after a deposit is recorded (the chain verifier queues its check here). */
  onRequested: ((deposit: DepositRecord) => Promise<void> | void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly chains: ChainsService,
    /** Lists and searches: a replica where one is set (decision 0080). */
    private readonly reads: Db = db,
  ) {}

  /**
   * Credits the chain scan's confirmed deposits to members' own addresses (deposits.credit.ts). The scan is
   * given this service, so chains import no deposits code at run time (decision 0059).
   */
  creditOwnAddress(tx: Tx, ids: bigint[], noteOf: (d: Deposit) => string): Promise<bigint[]> {
    return creditOwnAddressDeposits(tx, ids, noteOf);
  }

  /** The complete deposit credited under `hash` (deposits.records.ts), for the chain verifier (decision 0059). */
  creditedByHash(db: DbOrTx, hash: string, byHashOnly = false) {
    return hashCreditedTo(db, hash, byHashOnly);
  }

  async request(
    userId: bigint,
    body: { amount: bigint; currency: Currency; hash: string; chain_id?: SupportedChainId | undefined },
  ): Promise<DepositRecord> {
    await this.settings.requireFeature('deposit');
    if (body.currency === 'TRC20' && body.chain_id !== undefined)
      throw badRequest('A TRC20 deposit names no EVM chain.', {
        chain_id: ['A TRC20 deposit names no EVM chain.'],
      });
    const member = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('role', '=', 'user')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('Member not found.');
    const hash = normalizeHash(body.hash);
    // A report claims no hash (decision 0027): the chain names whose it is. A member's own live report of it
    // comes back (the scan's) or is a repeat; a hash credited to anyone is done.
    const own = await this.ownReport(userId, hash);
    if (own) return own;
    // The member's identity level's daily deposits (decision 0073): a report is refused before it is recorded; a
    // deposit to the member's own address is credited by the scan whatever the level, and counts in the window.
    await checkIdentityLimit(this.db, await this.settings.all(), userId, 'deposit', body.amount);
    const credited = await hashCreditedTo(this.db, hash);
    if (credited) throw hashConflict('This transaction hash has already been credited.');
    // TRC20 is read on TRON like BEP20 on its chain, where the server has a node (decision 0033).
    const chain = await this.chainCheck(
      body.currency === 'BEP20' ? depositChainOf(body.chain_id) : TRON_CHAIN_ID,
    );
    const inserted = await this.db
      .insertInto('deposits')
      .values({
        user_id: userId,
        amount: body.amount,
        currency: body.currency,
        hash,
        ...(chain ?? {}),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // The same member reported it at the same moment, or the scan recorded it meanwhile.
      const found = await this.ownReport(userId, hash);
      if (found) return found;
      throw hashConflict('This transaction hash has already been used.');
    }
    const record = await this.one(inserted.id);
    await this.onRequested?.(record);
    return record;
  }

  /**
   * The member's own live report of `hash` (pending or credited): the one the scan recorded for them (from a
   * linked wallet, or to their own address) comes back; their own earlier report is a repeat (409).
   */
  private async ownReport(userId: bigint, hash: string): Promise<DepositRecord | undefined> {
    const found = await this.db
      .selectFrom('deposits')
      .select(['id', 'source'])
      .where(sql`lower(hash)`, '=', hash)
      .where('user_id', '=', userId)
      .where('status', '<>', 'decline')
      .executeTakeFirst();
    if (!found) return undefined;
    if (found.source !== 'member') return this.one(found.id);
    throw hashConflict('This transaction hash has already been used.');
  }

  /** How the server will check a deposit on this EVM chain: on chain, or by an admin when it cannot read it. */
  private async chainCheck(chainId: DepositChainId) {
    const s = await this.chains.settings(chainId);
    const readable = s.enabled && this.chains.client(chainId) !== undefined;
    return {
      chain_id: chainId,
      chain_status: readable ? ('waiting' as const) : ('manual' as const),
      required_confirmations: s.confirmations,
      // Why it waits for an admin is said when read, from the chains read then (deposits.records chainCheckNow).
      chain_reason: null,
    };
  }

  /**
   * Completes a pending deposit: credits `amount` to the member's deposit wallet, keyed by chain and
   * hash so it can never be credited twice. The admin approval and the chain verifier both end here. A
   * completion other than the approval's own closes any approval of this deposit still waiting.
   */
  async complete(
    tx: Tx,
    depositId: bigint,
    amount: bigint,
    by: {
      kind: 'admin' | 'chain';
      userId: bigint | null;
      note?: string | undefined;
      approvalId?: bigint | undefined;
    },
  ) {
    const d = await lockDeposit(tx, depositId);
    if (!d) throw notFound('Deposit not found.');
    if (d.status !== 'pending') throw conflict('Only pending deposits can change.');
    // A hash is credited once, ever, whoever reported it (deposits_hash_credited_key); completions of one
    // hash take their turn, so the second one is told clearly.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit-hash:${d.hash.toLowerCase()}`}))`.execute(tx);
    const onChain = by.kind === 'chain' && d.chain_id !== null && d.log_index !== null;
    // To a member's own address (decision 0033): proven per log, as one transaction may pay several members; a credit
    // of the hash alone (by hand, or to the shared address) still stops it.
    await assertHashUncredited(tx, d.hash, onChain && d.to_address !== null);
    const posted = await post(tx, depositPosting(d, amount, by));
    await tx
      .updateTable('deposits')
      .set({
        status: 'complete',
        credited_amount: amount,
        verified_by: by.kind,
        decided_by: by.userId,
        decided_at: new Date(),
        note: by.note ?? null,
        ledger_transaction_id: posted.transactionId,
        ...(onChain ? { chain_status: 'credited' as const, chain_reason: null } : {}),
      })
      .where('id', '=', d.id)
      .execute();
    if (by.approvalId === undefined)
      await cancelPendingApprovals(tx, 'deposit', d.id, by.userId, 'The deposit was credited.');
    await notifyMember(tx, creditedNotice(d, amount));
    await emitMany(tx, [creditedEvent(d, amount, by)]);
    return d;
  }

  /**
   * An admin completes or declines a pending deposit. A completion crediting at or above the approval
   * threshold, or another amount than the member reported, is not done: it waits for a second admin
   * (decision 0024) and the approval comes back instead.
   */
  async decide(
    principal: Principal,
    id: number,
    body: {
      status: 'complete' | 'decline';
      amount?: bigint | undefined;
      user_id: number;
      note?: string | undefined;
    },
    requestKey: RequestKey = { key: randomUUID(), fingerprint: null },
  ): Promise<DepositRecord | Awaiting> {
    const awaiting = await this.db.transaction().execute(async (tx) => {
      const d = await lockDeposit(tx, BigInt(id));
      if (!d) throw notFound('Deposit not found.');
      if (d.user_id !== BigInt(body.user_id))
        throw badRequest('This deposit belongs to another member.', {
          user_id: ['This deposit belongs to another member.'],
        });
      if (d.status !== 'pending') throw conflict('Only pending deposits can change.');
      if (body.status === 'complete') await assertHashUncredited(tx, d.hash);
      if (body.status === 'decline') {
        await this.decline(tx, d.id, principal.userId, body.note ?? 'declined');
        await writeAudit(tx, {
          actorId: principal.userId,
          action: 'deposit.decline',
          entity: 'deposit',
          entityId: d.id,
          before: { status: d.status, amount: amountOut(d.amount) },
          after: { status: 'decline', credited: null },
          reason: body.note ?? null,
        });
        return null;
      }
      const amount = body.amount ?? d.amount;
      const wait = await creditWaits(
        tx,
        principal.userId,
        d,
        amount,
        await this.settings.all(tx),
        requestKey.key,
      );
      if (wait)
        return requestDepositCompletion(tx, principal.userId, d, amount, body.note, requestKey.key, wait.why);
      await this.completeByAdmin(tx, d.id, amount, principal.userId, body.note);
      return null;
    });
    return awaiting ? { awaiting } : this.one(BigInt(id), true);
  }

  /** An admin's credit (at once, or as its requester when a second admin approved it), audited. */
  private async completeByAdmin(
    tx: Tx,
    id: bigint,
    amount: bigint,
    by: bigint,
    note: string | undefined,
    approvalId?: bigint,
  ): Promise<void> {
    const d = await this.complete(tx, id, amount, { kind: 'admin', userId: by, note, approvalId });
    await writeAudit(tx, {
      actorId: by,
      action: 'deposit.complete',
      entity: 'deposit',
      entityId: d.id,
      before: { status: d.status, amount: amountOut(d.amount) },
      after: { status: 'complete', credited: amountOut(amount) },
      reason: note ?? null,
    });
  }

  /** A credit a second admin approved (run by the approvals service in its transaction), if still pending. */
  completeApproved(
    tx: Tx,
    a: { id: bigint; subject_id: bigint | null; requested_by: bigint; payload: Record<string, unknown> },
  ): Promise<void> {
    const p = DepositPayload.parse(a.payload);
    return this.completeByAdmin(
      tx,
      a.subject_id ?? BigInt(p.deposit_id),
      BigInt(p.amount),
      a.requested_by,
      p.note,
      a.id,
    );
  }

  private async decline(tx: Tx, id: bigint, by: bigint, note: string): Promise<void> {
    const d = await tx
      .updateTable('deposits')
      .set({ status: 'decline', decided_by: by, decided_at: new Date(), note })
      .where('id', '=', id)
      .returning(['user_id', 'amount', 'currency', 'chain_id'])
      .executeTakeFirstOrThrow();
    // A credit still waiting for a second admin has nothing left to credit.
    await cancelPendingApprovals(tx, 'deposit', id, by, `The deposit was declined (${note}).`);
    // A member who cancels their own request is not told about it.
    if (d.user_id !== by)
      await notifyMember(tx, {
        userId: d.user_id,
        kind: 'deposit_refused',
        key: `deposit-refused:${id}`,
        title: 'Deposit refused',
        message: `Your ${depositNetworkName(d.currency, d.chain_id)} deposit of ${usd(d.amount)} was refused; nothing was credited.${note === 'declined' ? '' : ` Reason: ${note}`}`,
        link: '/user/deposit-history',
      });
  }

  /** A member withdraws their own pending request (or an admin declines it); nothing was credited. */
  async cancel(principal: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const d = await tx
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      await cancelRequest(
        tx,
        principal,
        'deposit',
        d,
        async (row, note) => {
          if (row.status !== 'pending') throw conflict('Only pending deposits can change.');
          if (
            principal.role !== 'admin' &&
            (row.chain_status === 'waiting' || row.chain_status === 'confirming')
          )
            throw conflict(
              'This deposit is being checked on chain and cannot be cancelled; it is credited or refused on its own.',
            );
          await this.decline(tx, row.id, principal.userId, note);
          // A member's own cancelled report holds no transfer (decision 0027), even one the chain bound before
          // it was left to an admin: reported again, or found by the scan, it is checked afresh.
          if (principal.role !== 'admin')
            await tx.updateTable('deposits').set({ log_index: null }).where('id', '=', row.id).execute();
        },
        'deleted by admin',
      );
    });
  }

  /** One deposit; `staff` adds what only admins see (the approval its credit waits for). */
  async one(id: bigint, staff = false): Promise<DepositRecord> {
    return oneDeposit(this.db, id, staff, await this.chains.readableNow());
  }

  async list(q: ListQuery, userId: bigint | undefined, staff: boolean) {
    return listDeposits(this.reads, q, userId, staff, await this.chains.readableNow());
  }
}

/** The deposits' approval kind (decision 0059): the deposit is locked before its approval. */
export function registerDepositApprovals(registry: ApprovalRegistry, deposits: DepositsService): void {
  registry.register('deposit', {
    run: (tx, a) => deposits.completeApproved(tx, a),
    lockSubject: lockDeposit,
  });
}
