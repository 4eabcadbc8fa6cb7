import { amountOut, type DepositRecord, type ListQuery } from '@sgx/contracts';
import type { Db, Tx } from '../../db';
import type { Currency, RequestStatus } from '../../db/schema';
import type { Principal } from '../../http/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { dayRange, likePattern, runPaged } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { post } from '../ledger/ledger.service';
import type { SettingsService } from '../settings/settings.service';

/** Transaction hashes are kept as 64 lowercase hex digits, so one hash cannot be sent twice in two spellings. */
export const normalizeHash = (hash: string) => hash.trim().toLowerCase().replace(/^0x/, '');

type Row = Awaited<ReturnType<ReturnType<DepositsService['query']>['executeTakeFirstOrThrow']>>;

/**
 * Deposits (business-rules 6): a request records a pending deposit and credits nothing. An admin (or,
 * later, the on-chain verifier) completes it through `complete`, which credits once per chain and hash.
 */
export class DepositsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async request(
    userId: bigint,
    body: { amount: bigint; currency: Currency; hash: string },
  ): Promise<DepositRecord> {
    await this.settings.requireFeature('deposit');
    const member = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('role', '=', 'user')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('Member not found.');
    const hash = normalizeHash(body.hash);
    const inserted = await this.db
      .insertInto('deposits')
      .values({ user_id: userId, amount: body.amount, currency: body.currency, hash })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted)
      throw conflict('This transaction hash has already been used.', {
        hash: ['This transaction hash has already been used.'],
      });
    return this.one(inserted.id);
  }

  /**
   * Completes a pending deposit: credits `amount` to the member's deposit wallet, keyed by chain and
   * hash so it can never be credited twice. The admin approval and the chain verifier both end here.
   */
  async complete(
    tx: Tx,
    depositId: bigint,
    amount: bigint,
    by: { kind: 'admin' | 'chain'; userId: bigint | null; note?: string | undefined },
  ) {
    const d = await tx
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', depositId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw notFound('Deposit not found.');
    if (d.status !== 'pending') throw conflict('Only pending deposits can change.');
    const posted = await post(tx, {
      key: `deposit:${d.currency}:${d.hash}`,
      kind: 'deposit',
      memberId: d.user_id,
      memo: `${d.currency} deposit ${d.hash.slice(0, 10)}…`,
      createdBy: by.userId,
      details: { deposit_id: d.id, requested: d.amount, credited: amount, verified_by: by.kind },
      entries: [
        { account: { owner: d.user_id, kind: 'deposit' }, amount },
        { account: { owner: null, kind: 'cash' }, amount: -amount },
      ],
    });
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
      })
      .where('id', '=', d.id)
      .execute();
    return d;
  }

  async decide(
    principal: Principal,
    id: number,
    body: {
      status: 'complete' | 'decline';
      amount?: bigint | undefined;
      user_id: number;
      note?: string | undefined;
    },
  ): Promise<DepositRecord> {
    await this.db.transaction().execute(async (tx) => {
      const d = await tx
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      if (!d) throw notFound('Deposit not found.');
      if (d.user_id !== BigInt(body.user_id))
        throw badRequest('This deposit belongs to another member.', {
          user_id: ['This deposit belongs to another member.'],
        });
      if (d.status !== 'pending') throw conflict('Only pending deposits can change.');
      if (body.status === 'complete') {
        await this.complete(tx, d.id, body.amount ?? d.amount, {
          kind: 'admin',
          userId: principal.userId,
          note: body.note,
        });
      } else {
        await this.decline(tx, d.id, principal.userId, body.note ?? 'declined');
      }
      await writeAudit(tx, {
        actorId: principal.userId,
        action: `deposit.${body.status}`,
        entity: 'deposit',
        entityId: d.id,
        before: { status: d.status, amount: amountOut(d.amount) },
        after: {
          status: body.status,
          credited: body.status === 'complete' ? amountOut(body.amount ?? d.amount) : null,
        },
        reason: body.note ?? null,
      });
    });
    return this.one(BigInt(id));
  }

  private async decline(tx: Tx, id: bigint, by: bigint, note: string): Promise<void> {
    await tx
      .updateTable('deposits')
      .set({ status: 'decline', decided_by: by, decided_at: new Date(), note })
      .where('id', '=', id)
      .execute();
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
      if (!d) throw notFound('Deposit not found.');
      if (principal.role !== 'admin' && d.user_id !== principal.userId)
        throw forbidden('You can only cancel your own deposit.');
      if (d.status !== 'pending') throw conflict('Only pending deposits can change.');
      await this.decline(
        tx,
        d.id,
        principal.userId,
        principal.role === 'admin' ? 'deleted by admin' : 'cancelled by member',
      );
      if (principal.role === 'admin') {
        await writeAudit(tx, {
          actorId: principal.userId,
          action: 'deposit.decline',
          entity: 'deposit',
          entityId: d.id,
          before: { status: 'pending' },
          after: { status: 'decline' },
        });
      }
    });
  }

  query() {
    return this.db
      .selectFrom('deposits as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select([
        'd.id',
        'd.user_id',
        'u.username',
        'd.amount',
        'd.credited_amount',
        'd.currency',
        'd.hash',
        'd.status',
        'd.verified_by',
        'd.note',
        'd.created_at',
        'd.decided_at',
      ]);
  }

  private toRecord(r: Row): DepositRecord {
    return {
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      amount: amountOut(r.amount),
      credited_amount: r.credited_amount === null ? null : amountOut(r.credited_amount),
      currency: r.currency,
      hash: r.currency === 'BEP20' ? `0x${r.hash}` : r.hash,
      status: r.status,
      verified_by: r.verified_by,
      note: r.note,
      created_at: r.created_at.toISOString(),
      decided_at: r.decided_at ? r.decided_at.toISOString() : null,
    };
  }

  async one(id: bigint): Promise<DepositRecord> {
    const r = await this.query().where('d.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Deposit not found.');
    return this.toRecord(r);
  }

  async list(q: ListQuery, userId?: bigint): Promise<{ rows: DepositRecord[]; total: number }> {
    let base = this.query();
    if (userId !== undefined) base = base.where('d.user_id', '=', userId);
    if (q.status) base = base.where('d.status', '=', q.status as RequestStatus);
    if (q.search) {
      const like = likePattern(q.search);
      base = base.where((eb) =>
        eb.or([
          eb('u.username', 'ilike', like),
          eb('d.hash', 'ilike', likePattern(normalizeHash(q.search ?? ''))),
        ]),
      );
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('d.created_at', '>=', from);
    if (to) base = base.where('d.created_at', '<', to);
    const { rows, total } = await runPaged(
      base.orderBy('d.id', 'desc'),
      base.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')),
      q,
    );
    return { rows: rows.map((r) => this.toRecord(r)), total };
  }
}
