import { randomUUID } from 'node:crypto';
import {
  type ApprovalRecord,
  type ChangePasswordBody,
  memberEditableFields,
  type UpdateUserBody,
  type UserRecord,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, Tx } from '../../db';
import { assertSelfOrAdmin, type Principal } from '../../http/access';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { assertStrongPassword } from '../auth/password-strength';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessions';
import { claimRequestKey } from '../ledger/money-guards';
import { changePayoutAddress, sameAddress } from '../payouts/payout-address';
import type { SettingsService } from '../settings/settings.service';
import { editBusinessBalance } from './members.balance';
import { blockReasonAfterEdit } from './members.block';
import { markMemberDeleted } from './members.delete';
import { userRecord, userRow } from './members.read';
import { bumpUplines, isInSubtree, type UserRow } from './members.repo';
import { assertStaffMayEdit } from './members.staff';

type UpdateUser = z.output<typeof UpdateUserBody>;
/** The member after an edit, and the approval a Business Balance change waits for, if it does. */
export type MemberUpdate = { user: UserRecord; awaiting: ApprovalRecord | null };

/** Changes to members: the spec 2.3 edit (by staff or by the member), password change, soft delete. */
export class MemberEdits {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly settings: SettingsService,
  ) {}

  async update(
    principal: Principal,
    id: number,
    body: UpdateUser,
    requestKey: RequestKey = { key: randomUUID(), fingerprint: null },
  ): Promise<MemberUpdate> {
    const idempotencyKey = requestKey.key;
    assertSelfOrAdmin(principal, id);
    const userId = BigInt(id);
    const isAdmin = principal.role === 'admin';
    if (!isAdmin) {
      const extra = Object.keys(body).filter(
        (k) =>
          body[k as keyof UpdateUser] !== undefined &&
          !(memberEditableFields as readonly string[]).includes(k) &&
          k !== 'updated_at' &&
          k !== 'role',
      );
      if (extra.length > 0)
        throw forbidden('You can only change your name, phone, address and payout addresses.');
    }
    return this.db.transaction().execute(async (tx) => {
      // A key names one edit: the same key with another body is a 409 (decision 0017).
      await claimRequestKey(tx, `admin-edit:${principal.userId}:${idempotencyKey}`, requestKey.fingerprint);
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const before = await userRow(tx, userId);
      // Another admin's sign-in details stay theirs: setting their password or e-mail would let one admin
      // sign in as a second one and approve their own requests (decision 0024).
      if (isAdmin && before.role === 'admin' && userId !== principal.userId) {
        const changes =
          Boolean(body.password) ||
          (body.email !== undefined && body.email.toLowerCase() !== before.email.toLowerCase()) ||
          (body.username !== undefined && body.username.toLowerCase() !== before.username.toLowerCase());
        if (changes)
          throw forbidden('Only an administrator can change their own e-mail, username or password.');
      }
      const beforeRecord = await userRecord(tx, userId);
      const set: Record<string, unknown> = {};
      const copy = [
        'username',
        'email',
        'status',
        'is_active',
        'roi_status',
        'level_status',
        'address',
        'fullname',
      ] as const;
      for (const key of copy) if (body[key] !== undefined) set[key] = body[key];
      // Blocking takes a reason the member sees; unblocking clears it (decision 0035).
      const blockReason = isAdmin ? blockReasonAfterEdit(before, body) : null;
      if (blockReason) set.block_reason = blockReason.block_reason;
      if (body.phone !== undefined) set.phone = body.phone === '' ? null : body.phone;
      // Payout addresses change only through changePayoutAddress (hold, audit, notice: decision 0025); a
      // member does that under Profile -> Payout addresses, with their password.
      const payout = (['BEP20', 'TRC20'] as const).flatMap((currency) => {
        const sent = currency === 'BEP20' ? body.bep20 : body.trc20;
        const address = sent === '' ? null : sent;
        const now = currency === 'BEP20' ? before.bep20 : before.trc20;
        return address === undefined || sameAddress(now || null, address) ? [] : [{ currency, address }];
      });
      if (payout.length > 0 && !isAdmin)
        throw businessRule(
          'Change payout addresses under Profile → Payout addresses; your password is needed.',
        );
      if (body.address !== undefined) set.address = body.address === '' ? null : body.address;

      if (set.email !== undefined && set.email !== before.email) {
        const taken = await tx
          .selectFrom('users')
          .select('id')
          .where(sql`lower(email)`, '=', String(set.email))
          .where('deleted_at', 'is', null)
          .where('id', '<>', userId)
          .executeTakeFirst();
        if (taken)
          throw conflict('This email is already registered.', {
            email: ['This email is already registered.'],
          });
      }
      if (
        set.username !== undefined &&
        String(set.username).toLowerCase() !== before.username.toLowerCase()
      ) {
        const taken = await tx
          .selectFrom('users')
          .select('id')
          .where(sql`lower(username)`, '=', String(set.username).toLowerCase())
          .executeTakeFirst();
        if (taken) throw conflict('This username is taken.', { username: ['This username is taken.'] });
      }

      let passwordChanged = false;
      if (isAdmin && body.password) {
        await assertStrongPassword(body.password, {
          email: body.email ?? before.email,
          fullname: body.fullname ?? before.fullname,
          username: body.username ?? before.username,
          phone: before.phone,
        });
        set.password_hash = await hashPassword(body.password);
        passwordChanged = true;
      }

      if (isAdmin && body.reffer_by !== undefined && (body.reffer_by || null) !== before.reffer_by) {
        await this.moveSponsor(tx, before, body.reffer_by);
      }

      if (Object.keys(set).length > 0 || passwordChanged) {
        set.updated_at = new Date();
        await tx.updateTable('users').set(set).where('id', '=', userId).execute();
      }
      if (payout.length > 0) {
        const { payoutHoldHours } = await this.settings.all(tx);
        for (const p of payout)
          await changePayoutAddress(tx, {
            userId,
            currency: p.currency,
            address: p.address,
            actorId: principal.userId,
            holdHours: payoutHoldHours,
            reason: body.reason || null,
          });
      }
      // A new password ends every session of the member.
      if (passwordChanged) await this.sessions.revokeAllFor(tx, userId);
      // A difference at or above the approval threshold waits for a second admin (decision 0024).
      const awaiting =
        isAdmin && body.business_balance !== undefined
          ? await editBusinessBalance(
              tx,
              await this.settings.all(tx),
              principal.userId,
              before,
              body.business_balance,
              body.reason,
              idempotencyKey,
            )
          : null;
      const a = await userRecord(tx, userId);
      // Every edit is audited: by staff ('member.update') or by the member themself ('member.self_update').
      const changedKeys = (Object.keys(a) as (keyof UserRecord)[]).filter(
        (k) => k !== 'updated_at' && a[k] !== beforeRecord[k],
      );
      // Staff change another account within their role (decision 0042); refused, nothing of it is kept.
      if (isAdmin && userId !== principal.userId)
        assertStaffMayEdit(principal, changedKeys, payout.length > 0 || awaiting !== null, passwordChanged);
      if (changedKeys.length > 0 || passwordChanged) {
        await writeAudit(tx, {
          actorId: principal.userId,
          action: isAdmin ? 'member.update' : 'member.self_update',
          entity: 'user',
          entityId: userId,
          before: Object.fromEntries(changedKeys.map((k) => [k, beforeRecord[k]])),
          after: {
            ...Object.fromEntries(changedKeys.map((k) => [k, a[k]])),
            ...(passwordChanged ? { password: 'changed' } : {}),
          },
          reason: body.reason || blockReason?.block_reason || null,
        });
      }
      return { user: a, awaiting };
    });
  }

  /** Moves a member (and so its whole downline) under the holder of `code`; refuses cycles. */
  private async moveSponsor(tx: Tx, member: UserRow, code: string): Promise<void> {
    let newSponsor: bigint | null = null;
    if (code) {
      const s = await tx
        .selectFrom('users')
        .select('id')
        .where('refferal_code', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!s) throw badRequest('Invalid referral code.', { reffer_by: ['Invalid referral code.'] });
      newSponsor = s.id;
      if (await isInSubtree(tx, member.id, newSponsor)) {
        throw businessRule('A member cannot be placed under themself or their own downline.');
      }
    }
    // The whole downline moves: its size and business leave the old uplines and join the new ones,
    // and an active member counts as an active direct of the new sponsor instead of the old.
    const counters = await tx
      .selectFrom('users')
      .select(['total_team', 'team_business', 'active_plan', 'is_active', 'sponsor_id'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const size = counters.total_team + 1;
    const business = counters.team_business + counters.active_plan;
    await bumpUplines(tx, member.id, { team: -size, business: -business });
    if (counters.is_active === 'active' && counters.sponsor_id !== null) {
      await tx
        .updateTable('users')
        .set((eb) => ({ active_directs: eb('active_directs', '-', 1) }))
        .where('id', '=', counters.sponsor_id)
        .execute();
    }
    await tx.updateTable('users').set({ sponsor_id: newSponsor }).where('id', '=', member.id).execute();
    await bumpUplines(tx, member.id, { team: size, business });
    if (counters.is_active === 'active' && newSponsor !== null) {
      await tx
        .updateTable('users')
        .set((eb) => ({ active_directs: eb('active_directs', '+', 1) }))
        .where('id', '=', newSponsor)
        .execute();
    }
  }

  async changePassword(
    principal: Principal,
    id: number,
    body: z.output<typeof ChangePasswordBody>,
  ): Promise<void> {
    if (principal.userId !== BigInt(id)) throw forbidden('You can only change your own password.');
    const row = await this.db
      .selectFrom('users')
      .select(['password_hash', 'email', 'fullname', 'username', 'phone'])
      .where('id', '=', principal.userId)
      .executeTakeFirst();
    if (!row) throw notFound('Member not found.');
    if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
      throw badRequest('Your current password is not correct.', {
        currentPassword: ['Your current password is not correct.'],
      });
    }
    await assertStrongPassword(body.password, row);
    const hash = await hashPassword(body.password);
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ password_hash: hash, updated_at: new Date() })
        .where('id', '=', principal.userId)
        .execute();
      await this.sessions.revokeAllFor(tx, principal.userId, principal.sessionId);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'member.password_change',
        entity: 'user',
        entityId: principal.userId,
        after: { password: 'changed' },
      });
    });
  }

  async softDelete(principal: Principal, id: number): Promise<void> {
    const userId = BigInt(id);
    if (userId === principal.userId) throw businessRule('You cannot delete your own account.');
    await this.db.transaction().execute(async (tx) => {
      const before = await userRecord(tx, userId);
      // Staff accounts are not members: they are suspended under Staff (decision 0042), where one active owner is
      // always kept; deleting one here would pass that by (decision 0054).
      if (before.role === 'admin')
        throw businessRule('Staff accounts are not deleted here: suspend them under Staff.');
      await markMemberDeleted(tx, userId);
      await this.sessions.revokeAllFor(tx, userId);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'member.delete',
        entity: 'user',
        entityId: userId,
        before,
        after: { deleted: true },
      });
    });
  }
}
