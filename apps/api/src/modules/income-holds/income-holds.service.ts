import {
  amountOut,
  type IncomeHoldRecord,
  type IncomeHoldsQuery,
  type IncomeHoldsResponse,
  type PendingIncomeResponse,
  type Settings,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import type { AccountKind, Asset } from '../../db/schema';
import { businessRule, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { post, postMany } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';

/**
 * Income held before it is paid (decision 0076). The hold is taken in SQL, by income_hold_take.sql in the
 * transaction of the income's credit; this module ends holds: the daily job releases those whose date has passed
 * and whose member has no open flag, and compliance releases or reverses one by hand (audited, the member told).
 * Releasing moves the amount from the member's 'pending' account back to the wallet the income was credited to;
 * reversing moves it to the platform's income_expense account. Imports no domain but the ledger, audit and the
 * member events (the flags screens call it; it does not call them).
 */

type HoldRow = {
  id: bigint;
  member_id: bigint;
  username: string;
  wallet: string;
  asset: string;
  amount: bigint;
  income_type: string;
  earned_at: Date;
  release_at: Date | null;
  held_for: 'period' | 'flag';
  state: 'held' | 'released' | 'reversed';
  flagged: boolean;
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
};

const openFlag = sql`EXISTS (SELECT 1 FROM member_flags f WHERE f.member_id = h.member_id AND f.cleared_at IS NULL)`;

const holdColumns = sql`h.id, h.member_id, u.username, h.wallet, h.asset, h.amount, h.income_type, h.earned_at,
  h.release_at, h.held_for, h.state, ${openFlag} AS flagged, h.decided_at, d.username AS decided_by,
  h.decision_reason`;

const toRecord = (r: HoldRow): IncomeHoldRecord => ({
  id: Number(r.id),
  member_id: Number(r.member_id),
  username: r.username,
  amount: amountOut(r.amount),
  income_type: r.income_type,
  earned_at: r.earned_at.toISOString(),
  release_at: r.release_at ? r.release_at.toISOString() : null,
  wallet: r.wallet,
  held_for: r.held_for,
  state: r.state,
  flagged: r.flagged,
  decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  decided_by: r.decided_by,
  decision_reason: r.decision_reason,
});

const incomeLabels: Record<string, string> = {
  roi_income: 'daily income',
  level_month: 'level income',
  direct_income: 'direct income',
  reward: 'reward',
  salary: 'salary',
  cto: 'CTO income',
};
const labelOf = (incomeType: string) => incomeLabels[incomeType] ?? incomeType.replace('_', ' ');

/** How many holds one statement of the daily job releases; it goes on until none is due. */
const RELEASE_CHUNK = 2000;

/** Releases in `tx` the locked held holds given: pending -> wallet, keyed 'release:<hold id>'. */
async function releaseHolds(
  tx: Tx,
  holds: Pick<HoldRow, 'id' | 'member_id' | 'wallet' | 'asset' | 'amount' | 'income_type'>[],
  by: { actorId: bigint | null; reason: string | null },
): Promise<void> {
  if (holds.length === 0) return;
  const posted = await postMany(
    tx,
    holds.map((h) => ({
      key: `release:${h.id}`,
      kind: 'income_release',
      memberId: h.member_id,
      memo: `${labelOf(h.income_type)} released`,
      createdBy: by.actorId,
      details: { income_hold: h.id },
      entries: [
        {
          account: { owner: h.member_id, kind: 'pending' as AccountKind, asset: h.asset as Asset },
          amount: -h.amount,
        },
        {
          account: { owner: h.member_id, kind: h.wallet as AccountKind, asset: h.asset as Asset },
          amount: h.amount,
        },
      ],
    })),
  );
  await sql`
    UPDATE income_holds h SET state = 'released', decided_at = now(), decided_by = ${by.actorId},
      decision_reason = ${by.reason}, settle_transaction_id = x.tx
    FROM unnest(${holds.map((h) => h.id)}::bigint[], ${posted.map((p) => p.transactionId)}::bigint[]) AS x (id, tx)
    WHERE h.id = x.id AND h.state = 'held'`.execute(tx);
}

/**
 * The daily job: releases every held income whose release date is at or before `now` and whose member has no open
 * flag, in chunks of one transaction each. Idempotent: a released hold is not held any more, and its ledger key
 * 'release:<hold id>' posts once. Answers how many it released.
 */
export async function releaseDueHolds(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await db.transaction().execute(async (tx) => {
      const { rows } = await sql<HoldRow>`
        SELECT h.id, h.member_id, h.wallet, h.asset, h.amount, h.income_type
        FROM income_holds h
        WHERE h.state = 'held' AND h.release_at <= ${now} AND NOT ${openFlag}
        ORDER BY h.release_at, h.id
        LIMIT ${RELEASE_CHUNK}
        FOR UPDATE OF h SKIP LOCKED`.execute(tx);
      await releaseHolds(tx, rows, { actorId: null, reason: null });
      return rows.length;
    });
    released += n;
    if (n < RELEASE_CHUNK) return released;
  }
}

/**
 * After a member's last open flag is cleared (in the clearing's transaction): their income held for review gets a
 * release date, its income type's hold days counted from when it was earned, so the daily job pays it (at its next
 * run when that date has passed). Answers how many holds got a date.
 */
export async function dateHoldsAfterFlagsCleared(
  tx: Tx,
  memberId: bigint,
  holdDays: Settings['incomeHoldDays'],
): Promise<number> {
  const types = Object.keys(holdDays);
  const days = types.map((t) => holdDays[t as keyof typeof holdDays]);
  const { numAffectedRows } = await sql`
    UPDATE income_holds h
    SET release_at = h.earned_at + make_interval(days => coalesce(
      (SELECT x.days FROM unnest(${types}::text[], ${days}::integer[]) AS x (income_type, days)
       WHERE x.income_type = h.income_type), 0))
    WHERE h.member_id = ${memberId} AND h.state = 'held' AND h.release_at IS NULL AND NOT ${openFlag}`.execute(
    tx,
  );
  return Number(numAffectedRows ?? 0n);
}

/** A member's held income, newest first (at most 500), and its total. */
export async function pendingIncomeOf(db: DbOrTx, memberId: bigint): Promise<PendingIncomeResponse> {
  const [holds, account] = await Promise.all([
    db
      .selectFrom('income_holds')
      .select(['id', 'amount', 'income_type', 'earned_at', 'release_at', 'wallet'])
      .where('member_id', '=', memberId)
      .where('state', '=', 'held')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
    db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('owner_id', '=', memberId)
      .where('kind', '=', 'pending' as AccountKind)
      .where('asset', '=', 'USD')
      .executeTakeFirst(),
  ]);
  return {
    total: amountOut(account?.balance ?? 0n),
    holds: holds.map((h) => ({
      id: Number(h.id),
      amount: amountOut(h.amount),
      income_type: h.income_type,
      earned_at: h.earned_at.toISOString(),
      release_at: h.release_at ? h.release_at.toISOString() : null,
      wallet: h.wallet,
    })),
  };
}

async function holdRecord(db: DbOrTx, id: bigint): Promise<IncomeHoldRecord | undefined> {
  const { rows } = await sql<HoldRow>`
    SELECT ${holdColumns}
    FROM income_holds h JOIN users u ON u.id = h.member_id LEFT JOIN users d ON d.id = h.decided_by
    WHERE h.id = ${id}`.execute(db);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Compliance's list: newest first, a page before `before`; the held counts whatever the filter. */
export async function listHolds(db: DbOrTx, q: IncomeHoldsQuery): Promise<IncomeHoldsResponse> {
  const filter =
    q.status === 'all'
      ? sql`true`
      : q.status === 'flagged'
        ? sql`h.state = 'held' AND ${openFlag}`
        : sql`h.state = ${q.status}`;
  const [list, counts] = await Promise.all([
    sql<HoldRow>`
      SELECT ${holdColumns}
      FROM income_holds h JOIN users u ON u.id = h.member_id LEFT JOIN users d ON d.id = h.decided_by
      WHERE ${filter} AND h.id < ${q.before ?? Number.MAX_SAFE_INTEGER}
      ORDER BY h.id DESC LIMIT ${q.limit}`.execute(db),
    sql<{ held: number; flagged: number }>`
      SELECT count(*)::int AS held, (count(*) FILTER (WHERE ${openFlag}))::int AS flagged
      FROM income_holds h WHERE h.state = 'held'`.execute(db),
  ]);
  return {
    holds: list.rows.map(toRecord),
    held_count: counts.rows[0]?.held ?? 0,
    flagged_count: counts.rows[0]?.flagged ?? 0,
  };
}

/** The hold, locked, and held; else why not (404, 409). */
async function lockHeld(tx: Tx, id: bigint) {
  const { rows } = await sql<HoldRow>`
    SELECT h.id, h.member_id, h.wallet, h.asset, h.amount, h.income_type, h.release_at, h.state,
           ${openFlag} AS flagged
    FROM income_holds h WHERE h.id = ${id} FOR UPDATE`.execute(tx);
  const h = rows[0];
  if (!h) throw notFound('Held income not found.');
  if (h.state !== 'held') throw conflict(`This income was already ${h.state}.`);
  return h;
}

/**
 * Compliance releases held income by hand: income held for review (no date) or of a member with an open flag.
 * Income held only for its period is paid by the daily job on its date (409). Audited; the member is told.
 */
export async function releaseHold(
  db: Db,
  actorId: bigint,
  id: number,
  reason: string,
): Promise<IncomeHoldRecord> {
  const holdId = BigInt(id);
  await db.transaction().execute(async (tx) => {
    const h = await lockHeld(tx, holdId);
    if (h.release_at !== null && !h.flagged)
      throw conflict('This income is held for its period only: the daily job pays it on its release date.');
    await releaseHolds(tx, [h], { actorId, reason });
    await writeAudit(tx, {
      actorId,
      action: 'income_hold.release',
      entity: 'income_hold',
      entityId: h.id,
      before: { state: 'held', amount: amountOut(h.amount), member_id: h.member_id },
      after: { state: 'released' },
      reason,
    });
    await notifyMember(tx, {
      userId: h.member_id,
      kind: 'income_released',
      key: `income-released:${h.id}`,
      title: 'Held income released',
      message: `Your ${labelOf(h.income_type)} of ${usd(h.amount)} that was held for review is now in your ${h.wallet.replace('_', '-')} wallet.`,
      link: '/user/income',
    });
  });
  const record = await holdRecord(db, holdId);
  if (!record) throw notFound('Held income not found.');
  return record;
}

/**
 * Compliance reverses held income with a reason: a ledger transaction 'income_reversal' from the member's pending
 * account to the platform's income_expense, its memo the reason, which the member sees in their transactions.
 * The income stays counted towards the earning cap (users.total_earned; decision 0076). Audited; the member is told.
 */
export async function reverseHold(
  db: Db,
  actorId: bigint,
  id: number,
  reason: string,
): Promise<IncomeHoldRecord> {
  const holdId = BigInt(id);
  await db.transaction().execute(async (tx) => {
    const h = await lockHeld(tx, holdId);
    const posted = await post(tx, {
      key: `income-reversal:${h.id}`,
      kind: 'income_reversal',
      memberId: h.member_id,
      memo: `${labelOf(h.income_type)} reversed: ${reason}`,
      createdBy: actorId,
      details: { income_hold: h.id, reason },
      entries: [
        {
          account: { owner: h.member_id, kind: 'pending' as AccountKind, asset: h.asset as Asset },
          amount: -h.amount,
        },
        { account: { owner: null, kind: 'income_expense', asset: h.asset as Asset }, amount: h.amount },
      ],
    });
    await sql`
      UPDATE income_holds SET state = 'reversed', decided_at = now(), decided_by = ${actorId},
        decision_reason = ${reason}, settle_transaction_id = ${posted.transactionId}
      WHERE id = ${h.id}`.execute(tx);
    await writeAudit(tx, {
      actorId,
      action: 'income_hold.reverse',
      entity: 'income_hold',
      entityId: h.id,
      before: { state: 'held', amount: amountOut(h.amount), member_id: h.member_id },
      after: { state: 'reversed', reversal_transaction: posted.transactionId },
      reason,
    });
    await notifyMember(tx, {
      userId: h.member_id,
      kind: 'income_reversed',
      key: `income-reversed:${h.id}`,
      title: 'Held income reversed',
      message: `Your ${labelOf(h.income_type)} of ${usd(h.amount)} that was held for review was reversed and will not be paid. Reason: ${reason}`,
      link: '/user/income',
    });
  });
  const record = await holdRecord(db, holdId);
  if (!record) throw notFound('Held income not found.');
  return record;
}

/**
 * Refuses an admin's reversal of an income credit while a hold decides that income (decision 0076). Held, the money
 * is in the member's 'pending' account, not the wallet a reversal would mirror, and the hold would still pay it;
 * reversed by compliance, it was taken back once already. Released, it is in the wallet, and may be reversed.
 * The hold row is share-locked, so a release or a compliance reversal running at the same time waits for the caller.
 */
export async function refuseReversalOfHeldIncome(tx: Tx, incomeTransactionId: bigint): Promise<void> {
  const { rows } = await sql<{ state: 'held' | 'released' | 'reversed' }>`
    SELECT state FROM income_holds WHERE income_transaction_id = ${incomeTransactionId} FOR SHARE`.execute(
    tx,
  );
  const state = rows[0]?.state;
  if (state === 'held')
    throw businessRule('This income is held: compliance releases or reverses it on the held income page.');
  if (state === 'reversed')
    throw businessRule('This income was held and reversed by compliance; it was never paid.');
}
