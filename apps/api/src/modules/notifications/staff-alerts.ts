import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/**
 * Staff alerts (decision 0068): a condition the back-office must show until it recovers (the solvency runway below
 * its threshold). One open alert per dedupe key (a partial unique index): opening an open one only refreshes its
 * message; resolving closes it. The admin frame's queue counts carry the open ones (the banner).
 */
export type StaffAlertKind = 'solvency' | 'webhook' | 'compliance';
export type OpenAlert = { kind: string; message: string; opened_at: string; link: string | null };

/** Opens (or refreshes) the alert; `opened` is true when it was not open before (the caller mails it then). */
export async function openStaffAlert(
  tx: DbOrTx,
  alert: { kind: StaffAlertKind; dedupeKey: string; message: string; link: string | null },
): Promise<{ id: bigint; opened: boolean }> {
  const { rows } = await sql<{ id: bigint; opened: boolean }>`
    INSERT INTO staff_alerts (kind, dedupe_key, message, link)
    VALUES (${alert.kind}, ${alert.dedupeKey}, ${alert.message}, ${alert.link})
    ON CONFLICT (dedupe_key) WHERE resolved_at IS NULL
    DO UPDATE SET message = excluded.message, link = excluded.link
    RETURNING id, (xmax = 0) AS opened`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error('staff alert not written');
  return row;
}

/** Closes the open alert of this key, if any; true when one was open. */
export async function resolveStaffAlert(tx: DbOrTx, dedupeKey: string): Promise<boolean> {
  const r = await tx
    .updateTable('staff_alerts')
    .set({ resolved_at: new Date() })
    .where('dedupe_key', '=', dedupeKey)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks an alert mailed (so a re-run of the job does not mail it twice). */
export async function markStaffAlertMailed(tx: DbOrTx, id: bigint): Promise<boolean> {
  const r = await tx
    .updateTable('staff_alerts')
    .set({ mailed_at: new Date() })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The open alerts, oldest first. */
export async function openStaffAlerts(db: DbOrTx): Promise<OpenAlert[]> {
  const rows = await db
    .selectFrom('staff_alerts')
    .select(['kind', 'message', 'opened_at', 'link'])
    .where('resolved_at', 'is', null)
    .orderBy('opened_at')
    .limit(20)
    .execute();
  return rows.map((r) => ({ ...r, opened_at: r.opened_at.toISOString() }));
}

/** The e-mail addresses of the active owners: who is mailed when an alert opens. */
export async function ownerEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where(sql<boolean>`'owner' = ANY(staff_roles)`)
    .where('suspended_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.email);
}
