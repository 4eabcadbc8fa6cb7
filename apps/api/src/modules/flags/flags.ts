import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { writeAudit } from '../audit/audit.repo';
import { openStaffAlert } from '../notifications/staff-alerts';

/**
 * Compliance flags on members (decision 0076, migration 0081). Imports no domain but `audit` and the staff alerts, so any
 * domain may raise one (a sanctions hit, an identity decision) in the transaction of what caused it. A member with
 * an open flag has their income held until compliance releases or reverses it.
 */
export type FlagSource = 'sanctions' | 'compliance' | 'identity';
export type MemberFlag = {
  id: bigint;
  member_id: bigint;
  source: FlagSource;
  reason: string;
  details: unknown;
  created_by: bigint | null;
  created_at: Date;
  cleared_at: Date | null;
  cleared_by: bigint | null;
  clear_reason: string | null;
};

/**
 * Raises a flag on a member, audited (action `member_flag.raise`, record `member_flag:<id>`), and opens the
 * compliance alert of the back-office banner. `actorId` null: raised by the platform (a scan, a job).
 */
export async function raiseFlag(
  tx: DbOrTx,
  f: {
    memberId: bigint;
    source: FlagSource;
    reason: string;
    details?: Record<string, unknown>;
    actorId: bigint | null;
  },
): Promise<bigint> {
  const details = JSON.stringify(f.details ?? {}, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  const { rows } = await sql<{ id: bigint }>`
    INSERT INTO member_flags (member_id, source, reason, details, created_by)
    VALUES (${f.memberId}, ${f.source}, ${f.reason}, ${details}::jsonb, ${f.actorId})
    RETURNING id`.execute(tx);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('member flag not written');
  await writeAudit(tx, {
    actorId: f.actorId,
    action: 'member_flag.raise',
    entity: 'member_flag',
    entityId: id,
    after: { member_id: f.memberId, source: f.source, reason: f.reason, details: f.details ?? {} },
    reason: f.reason,
  });
  await openStaffAlert(tx, {
    kind: 'compliance',
    dedupeKey: `member_flag:${id}`,
    message: `Member #${f.memberId} is flagged (${f.source}): ${f.reason}`,
    link: '/admin/compliance/flags',
  });
  return id;
}

/** Closes an open flag with a reason, audited; false when it was not open. Resolves its alert. */
export async function clearFlag(
  tx: DbOrTx,
  c: { flagId: bigint; actorId: bigint; reason: string },
): Promise<boolean> {
  const { rows } = await sql<{ member_id: bigint }>`
    UPDATE member_flags SET cleared_at = now(), cleared_by = ${c.actorId}, clear_reason = ${c.reason}
    WHERE id = ${c.flagId} AND cleared_at IS NULL
    RETURNING member_id`.execute(tx);
  const row = rows[0];
  if (!row) return false;
  await writeAudit(tx, {
    actorId: c.actorId,
    action: 'member_flag.clear',
    entity: 'member_flag',
    entityId: c.flagId,
    after: { member_id: row.member_id },
    reason: c.reason,
  });
  await sql`UPDATE staff_alerts SET resolved_at = now() WHERE dedupe_key = ${`member_flag:${c.flagId}`} AND resolved_at IS NULL`.execute(
    tx,
  );
  return true;
}

/** The member's open flags, oldest first. */
export async function openFlagsOf(db: DbOrTx, memberId: bigint): Promise<MemberFlag[]> {
  const { rows } = await sql<MemberFlag>`
    SELECT * FROM member_flags WHERE member_id = ${memberId} AND cleared_at IS NULL ORDER BY id`.execute(db);
  return rows;
}

/** Whether the member has an open flag (their income is held while they do). */
export async function isFlagged(db: DbOrTx, memberId: bigint): Promise<boolean> {
  const { rows } = await sql<{ flagged: boolean }>`
    SELECT EXISTS (SELECT 1 FROM member_flags WHERE member_id = ${memberId} AND cleared_at IS NULL) AS flagged`.execute(
    db,
  );
  return rows[0]?.flagged ?? false;
}
