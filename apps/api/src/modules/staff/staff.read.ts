import type { StaffRole } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { notFound } from '../../http/errors';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Staff accounts with their roles, last sign-in, two-factor and newest actions (decision 0042). */
export async function listStaff(db: Db, only?: bigint) {
  let q = db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.fullname',
      'u.staff_roles',
      'u.suspended_at',
      'u.last_login',
      sql<boolean>`EXISTS (SELECT 1 FROM two_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)`.as(
        'two_factor_on',
      ),
      sql<{ id: string; action: string; entity: string; entity_id: string | null; created_at: string }[]>`
        COALESCE((SELECT json_agg(x) FROM (
          SELECT a.id::text AS id, a.action, a.entity, a.entity_id, a.created_at
            FROM audit_log a WHERE a.actor_id = u.id ORDER BY a.actor_id, a.id DESC LIMIT 5) x), '[]'::json)`.as(
        'recent',
      ),
    ])
    .where('u.role', '=', 'admin')
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id');
  if (only !== undefined) q = q.where('u.id', '=', only);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    email: r.email,
    fullname: r.fullname,
    roles: r.staff_roles as StaffRole[],
    suspended_at: iso(r.suspended_at),
    last_login: iso(r.last_login),
    two_factor_on: r.two_factor_on,
    recent_actions: r.recent.map((a) => ({
      id: Number(a.id),
      kind: a.action,
      entity: a.entity,
      entity_id: a.entity_id,
      created_at: new Date(a.created_at).toISOString(),
    })),
  }));
}

export async function staffMember(db: Db, id: bigint) {
  const [one] = await listStaff(db, id);
  if (!one) throw notFound('Staff member not found.');
  return one;
}

/** Open invitations (not used, not replaced, not expired), newest first; or the one given. */
export async function listInvitations(db: Db, only?: bigint) {
  let q = db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'fullname', 'roles', 'invited_by', 'created_at', 'expires_at'])
    .orderBy('id', 'desc');
  q =
    only !== undefined
      ? q.where('id', '=', only)
      : q.where('used_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', new Date());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    fullname: r.fullname,
    roles: r.roles as StaffRole[],
    invited_by: Number(r.invited_by),
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  }));
}
