import { randomUUID } from 'node:crypto';
import {
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
import { post } from '../ledger/ledger.service';
import { memberMoney } from '../ledger/member-money';
import { claimRequestKey } from '../ledger/money-guards';
import { userRecord, userRow } from './members.read';
import { addToUplineTeams, bumpUplines, isInSubtree, type UserRow } from './members.repo';

type UpdateUser = z.output<typeof UpdateUserBody>;

/** Changes to members: the spec 2.3 edit (by staff or by the member), password change, soft delete. */
export class MemberEdits {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  async update(
    principal: Principal,
    id: number,
    body: UpdateUser,
    requestKey: RequestKey = { key: randomUUID(), fingerprint: null },
  ): Promise<UserRecord> {
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
      if (body.phone !== undefined) set.phone = body.phone === '' ? null : body.phone;
      if (body.bep20 !== undefined) set.bep20 = body.bep20 === '' ? null : body.bep20;
      if (body.trc20 !== undefined) set.trc20 = body.trc20 === '' ? null : body.trc20;
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
      // A new password ends every session of the member.
      if (passwordChanged) await this.sessions.revokeAllFor(tx, userId);
      if (isAdmin && body.business_balance !== undefined) {
        await this.adjustDepositWallet(
          tx,
          principal,
          userId,
          body.business_balance,
          body.reason,
          idempotencyKey,
        );
      }
      const a = await userRecord(tx, userId);
      // Every edit is audited: by staff ('member.update') or by the member themself ('member.self_update').
      const changedKeys = (Object.keys(a) as (keyof UserRecord)[]).filter(
        (k) => k !== 'updated_at' && a[k] !== beforeRecord[k],
      );
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
          reason: body.reason || null,
        });
      }
      return a;
    });
  }

  /**
   * An admin's edit of Business Balance never overwrites the balance: it posts an adjustment for the
   * difference through the ledger (reason "admin edit"), in the edit's transaction.
   */
  private async adjustDepositWallet(
    tx: Tx,
    principal: Principal,
    userId: bigint,
    target: bigint,
    reason: string | undefined,
    idempotencyKey: string,
  ): Promise<void> {
    const money = (await memberMoney(tx, [userId])).get(userId);
    const diff = target - (money?.business_balance ?? 0n);
    if (diff === 0n) return;
    await post(tx, {
      key: `admin-edit:${userId}:${idempotencyKey}`,
      kind: 'adjustment',
      memberId: userId,
      memo: reason ? `admin edit: ${reason}` : 'admin edit',
      createdBy: principal.userId,
      details: { field: 'business_balance', from: money?.business_balance ?? 0n, to: target },
      entries: [
        { account: { owner: userId, kind: 'deposit' }, amount: diff },
        { account: { owner: null, kind: 'adjustments' }, amount: -diff },
      ],
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
      await tx
        .updateTable('users')
        .set({ deleted_at: new Date(), updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await this.sessions.revokeAllFor(tx, userId);
      await addToUplineTeams(tx, userId, -1);
      // A deleted member no longer counts as an active direct of their sponsor.
      const gone = await tx
        .selectFrom('users')
        .select(['is_active', 'sponsor_id'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (gone.is_active === 'active' && gone.sponsor_id !== null) {
        await tx
          .updateTable('users')
          .set((eb) => ({ active_directs: eb('active_directs', '-', 1) }))
          .where('id', '=', gone.sponsor_id)
          .execute();
      }
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
