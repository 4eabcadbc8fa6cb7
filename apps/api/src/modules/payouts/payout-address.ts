import { addressKind } from '@sgx/chain';
import type { PayoutAddressChange } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db';
import type { Currency } from '../../db/schema';
import { businessRule } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { notifyMember } from '../notifications/events';
import { screenAddress } from '../sanctions/sanctions.lists';

/**
 * Protected payout addresses (decision 0025): the only writers of users.bep20 and users.trc20
 * (changePayoutAddress, and restorePayoutAddress for a cancelled change), the hold check of withdrawals,
 * and the messages members read. Every change records a `payout_address_changes` row whose hold_until is
 * now + the setting payoutHoldHours (also for a first address: a stolen session must not set one and
 * withdraw at once), is audited, and is announced in the same transaction (a member event, e-mailed after
 * commit).
 */

const columnOf = { BEP20: 'bep20', TRC20: 'trc20' } as const;

/** Whether two stored addresses are the same (a BEP20 address in any letter case). */
export const sameAddress = (a: string | null, b: string | null): boolean =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** An address as a notice shows it: "0x5aAe…BeAed". */
export const shortAddress = (a: string): string => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** A hold's end as members read it, rounded up to the minute: "2025-03-01 14:05 UTC". */
export function holdTimeText(at: Date): string {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${up.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The refusal of a withdrawal to an address inside its hold (both withdrawal paths). */
export const holdRefusal = (currency: Currency, until: Date) =>
  businessRule(
    `Your new ${addressKind(currency)} payout address can receive withdrawals from ${holdTimeText(until)}. ` +
      'Cancel the change in your profile if it was not you.',
  );

/** Where a member sees and cancels their changes. */
export const profileLink = (userId: bigint) => `/user/profile/${userId}`;

/**
 * Refuses (422) a withdrawal to the member's current payout address of `currency` while a change that set
 * it is inside its hold (SQL payout_address_hold, db/functions/payout_address_hold.sql, the rule withdrawal_request applies too).
 * For the principal withdrawal path, in its transaction after the member's row is locked.
 */
export async function assertPayoutAddressReady(
  tx: DbOrTx,
  userId: bigint,
  currency: Currency,
): Promise<void> {
  const { rows } = await sql<{ hold: Date | null }>`
    SELECT payout_address_hold(u.id, ${currency}, ${sql.ref(`u.${columnOf[currency]}`)}) AS hold
    FROM users u WHERE u.id = ${userId}`.execute(tx);
  const hold = rows[0]?.hold;
  if (hold) throw holdRefusal(currency, hold);
}

export type PayoutChange = {
  userId: bigint;
  currency: Currency;
  /** The new address as stored (BEP20 checksummed), or null to remove it. */
  address: string | null;
  /** Who makes the change: the member, or an admin editing the member. */
  actorId: bigint;
  /** The setting payoutHoldHours (decimal hours), or '0' for the demo's history (db/demo/history.ts). */
  holdHours: string;
  reason?: string | null | undefined;
};

export type PayoutChangeDone = { id: bigint; holdUntil: Date; old: string | null };

/**
 * Changes one payout address in the caller's transaction, under the member's row lock: records the change
 * with its hold, audits it ('member.payout_address_change') and announces it. Returns null when the
 * address is already the one asked for (nothing recorded).
 */
export async function changePayoutAddress(tx: Tx, c: PayoutChange): Promise<PayoutChangeDone | null> {
  const column = columnOf[c.currency];
  const member = await tx
    .selectFrom('users')
    .select(['bep20', 'trc20'])
    .where('id', '=', c.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const old = member[column] || null;
  if (sameAddress(old, c.address)) return null;
  // Never a listed address, whoever sets it (the member's path records the hit first: decision 0075).
  if (c.address && (await screenAddress(tx, c.address)).hit)
    throw businessRule(
      'This address cannot be used for payouts. Our compliance team will contact you about it.',
    );
  await tx
    .updateTable('users')
    .set({ ...(column === 'bep20' ? { bep20: c.address } : { trc20: c.address }), updated_at: new Date() })
    .where('id', '=', c.userId)
    .execute();
  const hours = parseUnits(c.holdHours);
  const change = await tx
    .insertInto('payout_address_changes')
    .values({
      user_id: c.userId,
      currency: c.currency,
      old_address: old,
      new_address: c.address,
      requested_by: c.actorId,
      hold_until: sql<Date>`now() + ${c.holdHours}::numeric * interval '1 hour'`,
    })
    .returning(['id', 'hold_until'])
    .executeTakeFirstOrThrow();
  const byAdmin = c.actorId !== c.userId;
  await writeAudit(tx, {
    actorId: c.actorId,
    action: 'member.payout_address_change',
    entity: 'user',
    entityId: c.userId,
    before: { [column]: old },
    after: { [column]: c.address, change_id: change.id, hold_until: change.hold_until.toISOString() },
    reason: c.reason ?? null,
  });
  const who = byAdmin ? ' by an administrator' : '';
  const when = hours > 0n ? `from ${holdTimeText(change.hold_until)}` : 'at once';
  const message = c.address
    ? `Your ${addressKind(c.currency)} payout address was changed${who} to ${shortAddress(c.address)}. ` +
      `Withdrawals to it are possible ${when}.`
    : `Your ${addressKind(c.currency)} payout address${old ? ` ${shortAddress(old)}` : ''} was removed${who}.`;
  await notifyMember(tx, {
    userId: c.userId,
    kind: 'payout_address_changed',
    title: c.address
      ? `${addressKind(c.currency)} payout address changed`
      : `${addressKind(c.currency)} payout address removed`,
    message: `${message} If this was not you, cancel the change in your profile and change your password.`,
    link: profileLink(c.userId),
    key: `payout-address-changed:${change.id}`,
  });
  return { id: change.id, holdUntil: change.hold_until, old };
}

/**
 * Puts back the address a cancelled change replaced (`old`, null: none), in the caller's transaction under
 * the member's row lock. Records no change and starts no hold: the address was the member's before the
 * change (payout_address_hold still applies an earlier change's hold). The caller audits and announces it.
 */
export async function restorePayoutAddress(
  tx: Tx,
  userId: bigint,
  currency: Currency,
  old: string | null,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ ...(columnOf[currency] === 'bep20' ? { bep20: old } : { trc20: old }), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The member's changes whose hold has not ended (newest first), each flagged when the address is shared. */
export async function changesInHold(db: DbOrTx, userId: bigint): Promise<PayoutAddressChange[]> {
  const { rows } = await sql<{
    id: bigint;
    currency: Currency;
    old_address: string | null;
    new_address: string | null;
    requested_at: Date;
    hold_until: Date;
    by_admin: boolean;
    shared: boolean;
  }>`
    SELECT c.id, c.currency, c.old_address, c.new_address, c.requested_at, c.hold_until,
      c.requested_by <> c.user_id AS by_admin,
      CASE WHEN c.new_address IS NULL THEN false
        WHEN c.currency = 'BEP20' THEN EXISTS (SELECT 1 FROM users u WHERE u.id <> c.user_id
          AND u.deleted_at IS NULL AND lower(u.bep20) = lower(c.new_address))
        ELSE EXISTS (SELECT 1 FROM users u WHERE u.id <> c.user_id
          AND u.deleted_at IS NULL AND lower(u.trc20) = lower(c.new_address)) END AS shared
    FROM payout_address_changes c
    WHERE c.user_id = ${userId} AND c.cancelled_at IS NULL AND c.hold_until > now()
    ORDER BY c.id DESC`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    currency: r.currency,
    old_address: r.old_address,
    new_address: r.new_address,
    requested_at: r.requested_at.toISOString(),
    hold_until: r.hold_until.toISOString(),
    by_admin: r.by_admin,
    shared: r.shared,
  }));
}
