import { amountOut, type ListQuery } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import { likePattern, type RequestKey, seekPaged } from '../../http/listing';
import type { Awaiting } from '../approvals/approvals.repo';
import { post } from '../ledger/ledger.service';
import { assertMayMoveMoney, claimRequestKey } from '../ledger/money-guards';
import type { SettingsService } from '../settings/settings.service';
import { insertBatch, issuedColumns, issueWaits, requestCodes } from './codes.approval';

type Row = {
  id: bigint;
  code: string;
  amount: bigint;
  created_at: Date;
  redeemed_by: bigint | null;
  redeemed_at: Date | null;
  /** The redeeming member's names, where the query joins them (a new code has none). */
  redeemed_by_username?: string | null;
  redeemed_by_fullname?: string | null;
};
const toRecord = (r: Row) => ({
  id: Number(r.id),
  code: r.code,
  amount: amountOut(r.amount),
  created_at: r.created_at.toISOString(),
  redeemed_by: r.redeemed_by === null ? null : Number(r.redeemed_by),
  redeemed_by_username: r.redeemed_by_username ?? null,
  redeemed_by_fullname: r.redeemed_by_fullname ?? null,
  redeemed_at: r.redeemed_at ? r.redeemed_at.toISOString() : null,
});

/** Codes with the redeeming member's names (decision 0021: admin tables name members). */
const withRedeemer = (db: Db) =>
  db
    .selectFrom('codes as c')
    .leftJoin('users as u', 'u.id', 'c.redeemed_by')
    .select([
      'c.id',
      'c.code',
      'c.amount',
      'c.created_at',
      'c.redeemed_by',
      'c.redeemed_at',
      'u.username as redeemed_by_username',
      'u.fullname as redeemed_by_fullname',
    ]);

/** One-time codes: an admin issues them with a value; redeeming one credits the deposit wallet once. */
export class CodesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Issues `count` codes of `amount` each. A batch whose total value is at or above the approval threshold
   * waits for a second admin (decision 0024): nothing is issued now and the approval comes back instead.
   */
  async issue(
    principal: Principal,
    count: number,
    amount: bigint,
    requestKey: RequestKey,
  ): Promise<ReturnType<typeof toRecord>[] | Awaiting> {
    const batchKey = `${principal.userId}:${requestKey.key}`;
    return this.db.transaction().execute(async (tx) => {
      // The same key for another count or amount is a 409 (decision 0017).
      await claimRequestKey(tx, batchKey, requestKey.fingerprint);
      // One issue per key: a retry waits on the key's lock, then gets the first batch back.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${batchKey}))`.execute(tx);
      const earlier = await tx
        .selectFrom('codes')
        .select(issuedColumns)
        .where('batch_key', '=', batchKey)
        .orderBy('id')
        .execute();
      if (earlier.length > 0) return earlier.map(toRecord);
      const wait = await issueWaits(
        tx,
        principal.userId,
        count,
        amount,
        await this.settings.all(tx),
        batchKey,
      );
      if (wait)
        return { awaiting: await requestCodes(tx, principal.userId, count, amount, batchKey, wait.why) };
      const rows = await insertBatch(tx, principal.userId, count, amount, batchKey);
      return rows.map(toRecord);
    });
  }

  async list(q: ListQuery) {
    let base = withRedeemer(this.db);
    if (q.status === 'redeemed') base = base.where('c.redeemed_at', 'is not', null);
    if (q.status === 'unused') base = base.where('c.redeemed_at', 'is', null);
    if (q.search) base = base.where('c.code', 'ilike', likePattern(q.search));
    const { rows, total } = await seekPaged(
      this.db,
      base,
      (b, back) => b.orderBy('c.id', back ? 'asc' : 'desc'),
      q,
    );
    return { rows: rows.map(toRecord), total };
  }

  async get(id: number) {
    const r = await withRedeemer(this.db).where('c.id', '=', BigInt(id)).executeTakeFirst();
    if (!r) throw notFound('Code not found.');
    return toRecord(r);
  }

  /**
   * Redeems a code into the member's deposit wallet, once. A code is value a member can hand to another:
   * a blocked member cannot take value in through one (decision 0016).
   */
  async redeem(principal: Principal, code: string) {
    return this.db.transaction().execute(async (tx) => {
      await assertMayMoveMoney(tx, principal.userId, principal.userId);
      const c = await tx
        .selectFrom('codes')
        .selectAll()
        .where('code', '=', code.toUpperCase())
        .forUpdate()
        .executeTakeFirst();
      if (!c) throw notFound('This code does not exist.');
      if (c.redeemed_at) throw conflict('This code has already been used.');
      const posted = await post(tx, {
        key: `code:${c.id}`,
        kind: 'code',
        memberId: principal.userId,
        memo: `code ${c.code} redeemed`,
        createdBy: principal.userId,
        entries: [
          { account: { owner: principal.userId, kind: 'deposit' }, amount: c.amount },
          { account: { owner: null, kind: 'adjustments' }, amount: -c.amount },
        ],
      });
      await tx
        .updateTable('codes')
        .set({
          redeemed_by: principal.userId,
          redeemed_at: new Date(),
          ledger_transaction_id: posted.transactionId,
        })
        .where('id', '=', c.id)
        .execute();
      return amountOut(c.amount);
    });
  }
}
