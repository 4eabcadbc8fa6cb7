import { amountOut, type ListQuery } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db';
import { asSqlError, type BatchRefusal, groupCommitPerDb } from '../../db/group-commit';
import type { Principal } from '../../http/access';
import { AppError, businessRule, notFound } from '../../http/errors';
import { dayRange, likePattern, type RequestKey, seekPaged, seekSearched } from '../../http/listing';
import { refusal } from '../../http/sql-errors';
import { identityLimitSay, identityLimitsParam } from '../identity-limits/limits';
import { claimRequestKey } from '../ledger/money-guards';
import { membersNamedFor, oneOf } from '../members/member-search';
import type { SettingsService } from '../settings/settings.service';
import { scopedKey, type TopupsService } from '../topups/topups.service';

type Row = Awaited<ReturnType<ReturnType<TransfersService['query']>['executeTakeFirstOrThrow']>>;

/** One member-to-member transfer as the batch statement takes it. */
type TransferItem = {
  from: bigint;
  to: bigint;
  amount: bigint;
  key: string;
  createdBy: bigint;
  fingerprint: string | null;
  /** The identity levels' limits in units (identity-limits/limits.ts, decision 0073). */
  identityLimits: string;
};
/** A transfer's record, or the SQLSTATE and message of what refused it (that transfer alone was undone). */
type TransferOutcome = Row | BatchRefusal;

/** The API's error for a transfer refused in SQL (the registry's texts: decision 0061; an identity limit's, 0073). */
const transferRefusal = (err: unknown): never => refusal(err, identityLimitSay);

/** Member-to-member movements of deposit balance, and top-ups of a friend's plan (business-rules 6). */
export class TransfersService {
  constructor(
    private readonly db: Db,
    private readonly topups: TopupsService,
    private readonly settings: SettingsService,
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
    const item: TransferItem = {
      from,
      to,
      amount,
      key: scopedKey(principal, requestKey.key),
      createdBy: principal.userId,
      fingerprint: requestKey.fingerprint,
      identityLimits: identityLimitsParam(await this.settings.all()),
    };
    // Group commit (decision 0047): transfers arriving together go in one statement and one commit, each with
    // its own answer. A transfer that lost a deadlock with another writer inside its batch goes again.
    const outcome = await submitTransfer(this.db, item);
    if (!('error' in outcome)) return this.toRecord(outcome);
    return transferRefusal(asSqlError(outcome.error));
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
      const named = await membersNamedFor(this.db, q.search, userId);
      base = base.where((eb) =>
        named === null
          ? eb.or([eb('a.username', 'ilike', like), eb('b.username', 'ilike', like)])
          : eb.or([oneOf('t.user_id', named), oneOf('t.userto_id', named)]),
      );
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('t.created_at', '>=', from);
    if (to) base = base.where('t.created_at', '<', to);
    const { rows, total } = q.search
      ? await seekSearched(this.db, base, 't.id', q)
      : await seekPaged(this.db, base, (b, back) => b.orderBy('t.id', back ? 'asc' : 'desc'), q);
    return { rows: rows.map((r) => this.toRecord(r)), total };
  }
}

/**
 * One statement for a batch (transfer_touser_batch, db/functions/transfer_touser_batch.sql): for each transfer in arrival order, in a
 * subtransaction of its own, the key's claim, the row if the receiver is a member, the blocked check, the
 * posting, its link, and the record with both names; or its error, which undoes that transfer alone.
 */
async function applyTransferBatch(db: Db, items: TransferItem[]): Promise<TransferOutcome[]> {
  const { rows } = await sql<
    Row & { i: number; err_code: string | null; err_message: string | null; err_detail: string | null }
  >`
    /* prepare:transfer_touser_batch */
    SELECT * FROM transfer_touser_batch(${items.map((t) => t.from)}::bigint[], ${items.map((t) => t.to)}::bigint[],
      ${items.map((t) => t.amount)}::bigint[], ${items.map((t) => t.key)}::text[],
      ${items.map((t) => t.createdBy)}::bigint[], ${items.map((t) => t.fingerprint)}::text[],
      ${items.map((t) => t.identityLimits)}::jsonb[])`.execute(db);
  const out: TransferOutcome[] = items.map(() => ({
    error: { code: 'XX000', message: 'The transfer returned nothing.' },
  }));
  for (const r of rows) {
    out[r.i - 1] =
      r.err_code === null
        ? r
        : { error: { code: r.err_code, message: r.err_message ?? '', detail: r.err_detail } };
  }
  return out;
}

/** Transfers through the group commit (decision 0047): one batch at a time, up to 32. */
const submitTransfer = groupCommitPerDb(applyTransferBatch);
