import type { Settings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import type { AdminSoloActionsTable } from '../../db/schema';
import { usd } from '../notifications/events';
import { approvalThreshold } from './approvals.repo';

/**
 * Whether an admin's money action waits for a second admin (decisions 0024 and 0030): one at or above
 * `approvalThreshold` always does; below it, what one admin does alone is capped per rolling 24 hours, in
 * total across kinds, by `soloDailyLimit`. The one place the call sites ask; a solo action is recorded here.
 */

export type SoloKind = AdminSoloActionsTable['kind'];

export type SoloAction = {
  admin: bigint;
  /** What the action moves: a credit's amount, a balance edit's size, codes' value times count. */
  amount: bigint;
  kind: SoloKind;
  subjectId: bigint | null;
  /**
   * The action's once-only key (its ledger key or batch key): a retry of an action already done alone is
   * not counted again, nor sent to a second admin; the caller's own once-only path answers it.
   */
  key: string;
  /** The request key its approval would get: a retry of a request that waits, waits again (same approval). */
  approvalKey: string;
};

/** Why it waits, for the approval's summary: null when nothing more than the threshold is to say. */
export type Wait = { why: string | null };

/** Kinds with at most one pending approval per subject (approvals_one_pending_idx): that one is the way. */
const onePendingPerSubject: ReadonlySet<SoloKind> = new Set(['withdrawal', 'transaction_edit']);

const WINDOW = sql<Date>`now() - interval '24 hours'`;

/** An admin's solo amounts of the last 24 hours. */
export async function soloUsed(tx: Tx, admin: bigint): Promise<bigint> {
  const r = await tx
    .selectFrom('admin_solo_actions')
    .select(sql<bigint>`coalesce(sum(amount), 0)::bigint`.as('used'))
    .where('admin_id', '=', admin)
    .where('at', '>', WINDOW)
    .executeTakeFirstOrThrow();
  return r.used;
}

/**
 * In the action's transaction, after its own locks and checks: `false` when the admin may do it alone (it is
 * then recorded against their allowance, in this transaction, so a rollback forgets it), or why it waits.
 * The admin's allowance is read under a lock of that admin, so two concurrent actions of one admin cannot
 * both pass under the cap.
 */
export async function mustWait(tx: Tx, settings: Settings, a: SoloAction): Promise<false | Wait> {
  const asked = await tx
    .selectFrom('approvals')
    .select('id')
    .where('request_key', '=', a.approvalKey)
    .executeTakeFirst();
  if (asked) return { why: null };
  const done = await tx
    .selectFrom('admin_solo_actions')
    .select('id')
    .where('admin_id', '=', a.admin)
    .where('action_key', '=', a.key)
    .executeTakeFirst();
  if (done) return false;
  if (a.amount >= approvalThreshold(settings)) return { why: null };
  if (a.subjectId !== null && onePendingPerSubject.has(a.kind)) {
    const waiting = await tx
      .selectFrom('approvals')
      .select('id')
      .where('kind', '=', a.kind)
      .where('subject_id', '=', a.subjectId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) return { why: null };
  }
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`solo-limit:${a.admin}`}, 0))`.execute(tx);
  const used = await soloUsed(tx, a.admin);
  const limit = parseUnits(settings.soloDailyLimit);
  if (used + a.amount > limit) {
    const admin = await tx
      .selectFrom('users')
      .select('username')
      .where('id', '=', a.admin)
      .executeTakeFirstOrThrow();
    return {
      why: `over ${admin.username}'s solo limit: ${usd(used)} of ${usd(limit)} used in the last 24 hours`,
    };
  }
  await tx
    .insertInto('admin_solo_actions')
    .values({
      admin_id: a.admin,
      amount: a.amount,
      kind: a.kind,
      subject_id: a.subjectId,
      action_key: a.key,
    })
    .execute();
  return false;
}

/** An approval's summary with why it waits, when there is more to say than the threshold. */
export const withWhy = (summary: string, why: string | null | undefined): string =>
  why ? `${summary} Waits: ${why}.` : summary;
