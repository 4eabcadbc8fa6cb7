import { amountOut, type ListQuery } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { AppError, businessRule, notFound } from '../../http/errors';
import { dayRange, likePattern, type RequestKey, runPaged } from '../../http/listing';
import { refusal } from '../ledger/ledger.service';
import { claimRequestKey } from '../ledger/money-guards';
import { scopedKey, type TopupsService } from '../topups/topups.service';

type Row = Awaited<ReturnType<ReturnType<TransfersService['query']>['executeTakeFirstOrThrow']>>;

/** Member-to-member movements of deposit balance, and top-ups of a friend's plan (business-rules 6). */
export class TransfersService {
  constructor(
    private readonly db: Db,
    private readonly topups: TopupsService,
  ) {}

  private async receiver(id: bigint) {
    const r = await this.db
      .selectFrom('users')
      .select(['id', 'role', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r || r.deleted_at || r.role !== 'user') throw notFound('The receiving member was not found.');
  }

  /** The transfer already made with this request key, if any. */
  private async byKey(tx: Tx, requestKey: string): Promise<bigint | undefined> {
    const row = await tx
      .selectFrom('transfers')
      .select('id')
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return row?.id;
  }

  private async byKeyOrThrow(tx: Tx, requestKey: string): Promise<bigint> {
    const id = await this.byKey(tx, requestKey);
    if (id === undefined) throw new AppError('INTERNAL', 'A transfer with this request key vanished.');
    return id;
  }

  async toUser(principal: Principal, from: bigint, to: bigint, amount: bigint, requestKey: RequestKey) {
    if (from === to) throw businessRule('You cannot transfer to yourself.');
    // One statement (transfer_touser, migrations 0022 and 0024): the key's claim, the row if the receiver
    // is a member, the blocked check, the posting, its link, and the record. The same request key again
    // returns the first transfer; with another body it is a 409.
    // The names come from a join on the members' rows (they existed before this statement, so its
    // snapshot sees them): still one round trip on the hottest money path.
    const { rows } = await sql<Row>`
      /* prepare:transfer_touser */
      SELECT r.id, r.kind, r.user_id, r.username, r.userto_id, r.userto, r.amount, r.created_at,
             a.fullname, b.fullname AS userto_fullname
      FROM transfer_touser(${from}::bigint, ${to}::bigint, ${amount}::bigint,
                           ${scopedKey(principal, requestKey.key)}, ${principal.userId}::bigint,
                           ${requestKey.fingerprint}::text) r
      JOIN users a ON a.id = r.user_id
      JOIN users b ON b.id = r.userto_id`
      .execute(this.db)
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === 'SX201')
          throw notFound('The receiving member was not found.');
        return refusal(err);
      });
    const row = rows[0];
    if (!row) throw new AppError('INTERNAL', 'The transfer returned nothing.');
    return this.toRecord(row);
  }

  /** Tops up a friend's plan from the caller's deposit wallet; never the caller's own. */
  async friendTopup(
    principal: Principal,
    from: bigint,
    to: bigint,
    planId: bigint,
    amount: bigint | undefined,
    requestKey: RequestKey,
  ) {
    if (from === to) throw businessRule('Visit Membership Plan to topup self account');
    await this.receiver(to);
    const key = scopedKey(principal, requestKey.key);
    const id = await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, key, requestKey.fingerprint);
      const existing = await this.byKey(tx, key);
      if (existing !== undefined) return existing;
      const topupId = await this.topups.activate(tx, {
        payer: from,
        receiver: to,
        planId,
        amount,
        kind: 'friend',
        createdBy: principal.userId,
        requestKey: `friend:${key}`,
      });
      const topup = await tx
        .selectFrom('topups')
        .select(['amount', 'ledger_transaction_id'])
        .where('id', '=', topupId)
        .executeTakeFirstOrThrow();
      const t = await tx
        .insertInto('transfers')
        .values({
          kind: 'friend',
          user_id: from,
          userto_id: to,
          amount: topup.amount,
          topup_id: topupId,
          request_key: key,
          ledger_transaction_id: topup.ledger_transaction_id,
        })
        .onConflict((oc) => oc.column('request_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return t ? t.id : this.byKeyOrThrow(tx, key);
    });
    return this.one(id);
  }

  query() {
    return this.db
      .selectFrom('transfers as t')
      .innerJoin('users as a', 'a.id', 't.user_id')
      .innerJoin('users as b', 'b.id', 't.userto_id')
      .select([
        't.id',
        't.kind',
        't.user_id',
        'a.username',
        't.userto_id',
        'b.username as userto',
        't.amount',
        't.created_at',
        'a.fullname',
        'b.fullname as userto_fullname',
      ]);
  }

  private toRecord(r: Row) {
    return {
      id: Number(r.id),
      kind: r.kind,
      user_id: Number(r.user_id),
      username: r.username,
      userto_id: Number(r.userto_id),
      userto: r.userto,
      amount: amountOut(r.amount),
      created_at: r.created_at.toISOString(),
      fullname: r.fullname,
      userto_fullname: r.userto_fullname,
    };
  }

  async one(id: bigint) {
    const r = await this.query().where('t.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Transfer not found.');
    return this.toRecord(r);
  }

  async list(q: ListQuery, userId?: bigint) {
    let base = this.query();
    if (userId !== undefined)
      base = base.where((eb) => eb.or([eb('t.user_id', '=', userId), eb('t.userto_id', '=', userId)]));
    if (q.status === 'touser' || q.status === 'friend') base = base.where('t.kind', '=', q.status);
    if (q.search) {
      const like = likePattern(q.search);
      base = base.where((eb) => eb.or([eb('a.username', 'ilike', like), eb('b.username', 'ilike', like)]));
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('t.created_at', '>=', from);
    if (to) base = base.where('t.created_at', '<', to);
    const { rows, total } = await runPaged(
      base.orderBy('t.id', 'desc'),
      base.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')),
      q,
    );
    return { rows: rows.map((r) => this.toRecord(r)), total };
  }
}
