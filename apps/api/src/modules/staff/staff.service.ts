import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import type { Deps } from '../../deps';
import type { Principal } from '../../http/access';
import { businessRule, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { requireSecondFactor } from '../auth/second-factor';
import { mailText } from '../mail/messages';
import { listInvitations, listStaff, staffMember } from './staff.read';

/** An invitation link is good for three days, once. */
export const INVITATION_TTL_MS = 72 * 3_600_000;
export const LAST_OWNER_MESSAGE =
  'The last owner cannot be removed, suspended or demoted: make another owner first.';
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Staff management (decision 0042), for owners: invitations with roles, role changes, suspension.
 * Every change takes the owner's authenticator code (checked before its transaction), is audited, and keeps
 * at least one active owner (checked with the owners locked).
 */
export class StaffService {
  constructor(private readonly deps: Deps) {}

  list() {
    return Promise.all([listStaff(this.deps.db), listInvitations(this.deps.db)]).then(
      ([staff, invitations]) => ({
        staff,
        invitations,
      }),
    );
  }

  /** The owner's code: a wrong or used one is refused before anything changes. */
  private async ownerCode(p: Principal, code: string): Promise<void> {
    const on = await requireSecondFactor(this.deps.db, { userId: p.userId, sessionId: p.sessionId }, code);
    if (!on) throw forbidden('Set up two-factor sign-in first: staff changes need its code.');
  }

  async invite(p: Principal, b: { email: string; fullname: string; roles: StaffRole[]; code: string }) {
    await this.ownerCode(p, b.code);
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.deps.db.transaction().execute(async (tx) => {
      const taken = await tx
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', b.email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (taken) throw conflict('An account with this e-mail already exists.');
      // A new invitation replaces an open one for the same address.
      await tx
        .updateTable('staff_invitations')
        .set({ revoked_at: new Date() })
        .where(sql`lower(email)`, '=', b.email)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await tx
        .insertInto('staff_invitations')
        .values({
          email: b.email,
          fullname: b.fullname,
          roles: b.roles,
          token_hash: sha256(token),
          invited_by: p.userId,
          expires_at: new Date(Date.now() + INVITATION_TTL_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'staff.invite',
        entity: 'staff_invitation',
        entityId: row.id,
        after: { email: b.email, roles: b.roles },
      });
      return row;
    });
    // The invited person has no account yet, so no saved language: English, from the catalogue.
    await this.deps.mailer.send({
      to: b.email,
      subject: mailText(null, 'staffInvite.subject', {}),
      text: mailText(null, 'staffInvite.body', {
        name: b.fullname,
        roles: b.roles.join(', '),
        link: `${this.deps.config.appUrl}/staff-invitation?token=${token}`,
      }),
    });
    const [made] = await listInvitations(this.deps.db, invitation.id);
    if (!made) throw notFound('Invitation not found.');
    return { invitation: made, token };
  }

  /** Public: what an open invitation is for. */
  async invitation(token: string) {
    const row = await this.deps.db
      .selectFrom('staff_invitations')
      .select(['email', 'fullname', 'roles', 'expires_at', 'used_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) throw notFound('This invitation link is not valid.');
    if (row.used_at !== null) throw conflict('This invitation was already used: sign in at /admin-login.');
    if (row.expires_at <= new Date()) throw businessRule('This invitation has expired: ask for a new one.');
    return {
      email: row.email,
      fullname: row.fullname,
      roles: row.roles as StaffRole[],
      expires_at: row.expires_at.toISOString(),
    };
  }

  /** Public: the invited person sets a password; the staff account exists from now on (single use). */
  async accept(token: string, passwordHash: string): Promise<bigint> {
    return this.deps.db.transaction().execute(async (tx) => {
      const inv = await tx
        .selectFrom('staff_invitations')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .forUpdate()
        .executeTakeFirst();
      if (!inv || inv.revoked_at !== null) throw notFound('This invitation link is not valid.');
      if (inv.used_at !== null) throw conflict('This invitation was already used: sign in at /admin-login.');
      if (inv.expires_at <= new Date()) throw businessRule('This invitation has expired: ask for a new one.');
      const id = await this.deps.auth.insertMember(tx, {
        email: inv.email,
        fullname: inv.fullname,
        phone: null,
        passwordHash,
        sponsorId: null,
        prefix: 'ADM',
        role: 'admin',
      });
      await tx.updateTable('users').set({ staff_roles: inv.roles }).where('id', '=', id).execute();
      await tx
        .updateTable('staff_invitations')
        .set({ used_at: new Date(), user_id: id })
        .where('id', '=', inv.id)
        .execute();
      await writeAudit(tx, {
        actorId: id,
        action: 'staff.join',
        entity: 'user',
        entityId: id,
        after: { roles: inv.roles, invitation_id: inv.id, invited_by: inv.invited_by },
      });
      return id;
    });
  }

  async setRoles(
    p: Principal,
    id: number,
    b: { roles: StaffRole[]; code: string; reason?: string | undefined },
  ) {
    await this.ownerCode(p, b.code);
    await this.change(p, BigInt(id), 'staff.roles', async (tx, before) => {
      if (before.roles.includes('owner') && !b.roles.includes('owner'))
        await assertAnotherOwner(tx, before.id);
      await tx.updateTable('users').set({ staff_roles: b.roles }).where('id', '=', before.id).execute();
      return { after: { roles: b.roles }, reason: b.reason ?? null };
    });
    return staffMember(this.deps.db, BigInt(id));
  }

  async suspend(p: Principal, id: number, b: { code: string; reason: string }) {
    await this.ownerCode(p, b.code);
    if (BigInt(id) === p.userId) throw forbidden('You cannot suspend your own account.');
    await this.change(p, BigInt(id), 'staff.suspend', async (tx, before) => {
      if (before.suspended) throw conflict('This account is already suspended.');
      if (before.roles.includes('owner')) await assertAnotherOwner(tx, before.id);
      await tx.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', before.id).execute();
      await this.deps.sessions.revokeAllFor(tx, before.id);
      return { after: { suspended: true }, reason: b.reason };
    });
    return staffMember(this.deps.db, BigInt(id));
  }

  async restore(p: Principal, id: number, b: { code: string }) {
    await this.ownerCode(p, b.code);
    await this.change(p, BigInt(id), 'staff.restore', async (tx, before) => {
      if (!before.suspended) throw conflict('This account is not suspended.');
      await tx.updateTable('users').set({ suspended_at: null }).where('id', '=', before.id).execute();
      return { after: { suspended: false }, reason: null };
    });
    return staffMember(this.deps.db, BigInt(id));
  }

  /** One audited change of a staff account, with the owners locked (the last-owner rule holds under races). */
  private async change(
    p: Principal,
    id: bigint,
    action: string,
    apply: (
      tx: Tx,
      before: { id: bigint; roles: StaffRole[]; suspended: boolean },
    ) => Promise<{ after: Record<string, unknown>; reason: string | null }>,
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (tx) => {
      // Every owner row is locked in id order, so two owners demoting each other cannot both pass.
      await tx
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`'owner' = ANY(staff_roles)`)
        .orderBy('id')
        .forUpdate()
        .execute();
      const row = await tx
        .selectFrom('users')
        .select(['id', 'role', 'staff_roles', 'suspended_at'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (row?.role !== 'admin') throw notFound('Staff member not found.');
      const before = { id, roles: row.staff_roles as StaffRole[], suspended: row.suspended_at !== null };
      const { after, reason } = await apply(tx, before);
      await writeAudit(tx, {
        actorId: p.userId,
        action,
        entity: 'user',
        entityId: id,
        before: { roles: before.roles, suspended: before.suspended },
        after,
        reason,
      });
    });
  }
}

/** Another active owner must remain besides `id`. */
async function assertAnotherOwner(tx: Tx, id: bigint): Promise<void> {
  const other = await tx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`'owner' = ANY(staff_roles)`)
    .where('id', '<>', id)
    .where('suspended_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!other) throw conflict(LAST_OWNER_MESSAGE);
}
