import type { StaffRole } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, passwordSignIn, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { LAST_OWNER_MESSAGE } from './staff.service';

/**
 * Staff management (decision 0042): invitations (single use, expiring), roles, suspension, the
 * last owner rule under a race, every change with the owner's code and audited.
 */
let t: TestApp;
let owner: Built;
let ownerToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  owner = await buildAdmin(t.deps);
  ownerToken = await tokenFor(t.app, owner, 'admin');
});
afterAll(() => t.close());

const STRONG = 'Harbour-Violet-Compass-58';
/** An unused code of the owner's authenticator (a recovery code: each works once). */
const code = (who: Built = owner) => {
  const next = who.twoFactor?.recoveryCodes.shift();
  if (!next) throw new Error('no recovery code left');
  return next;
};
const call = (token: string | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: token === null ? {} : bearer(token),
    payload,
  });
async function invitationToken(email: string): Promise<string> {
  const mail = await sqlOn(
    t.url,
    'SELECT body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  const token = /staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(String(mail.rows[0]?.body))?.[1];
  if (!token) throw new Error(`no invitation mail for ${email}`);
  return token;
}
async function staffAccount(roles: StaffRole[]): Promise<Built & { token: string }> {
  const who = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [who.id, roles]);
  const token = await tokenFor(t.app, who, 'admin');
  return { ...who, token };
}

describe('inviting staff', () => {
  it('an owner invites a finance agent with their code; the link sets a password once; the agent has finance rights only', async () => {
    const email = `finance-${Date.now()}@test.example`;
    const body = { email, fullname: 'Fiona Finance', roles: ['finance'] };
    expect((await call(ownerToken, 'POST', '/admin/staff/invitations', body)).statusCode).toBe(400);
    const wrong = await call(ownerToken, 'POST', '/admin/staff/invitations', { ...body, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const sent = await call(ownerToken, 'POST', '/admin/staff/invitations', { ...body, code: code() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().invitation).toMatchObject({ email, roles: ['finance'], invited_by: Number(owner.id) });
    const listed = (await call(ownerToken, 'GET', '/admin/staff')).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).toContain(email);

    const token = await invitationToken(email);
    const view = await call(null, 'GET', `/staff-invitations/${token}`);
    expect(view.json()).toMatchObject({ email, fullname: 'Fiona Finance', roles: ['finance'] });
    const weak = await call(null, 'POST', '/staff-invitations/accept', { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    const accepted = await call(null, 'POST', '/staff-invitations/accept', { token, password: STRONG });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const again = await call(null, 'POST', '/staff-invitations/accept', { token, password: STRONG });
    expect(again.statusCode).toBe(409);

    const row = await sqlOn(t.url, 'SELECT id, role, staff_roles FROM users WHERE email = $1', [email]);
    expect(row.rows[0]).toMatchObject({ role: 'admin', staff_roles: ['finance'] });
    const agent: Built = { id: BigInt(row.rows[0].id), email, password: STRONG, code: '' };
    // Two-factor is set up at the first sign-in, as for every admin.
    expect((await passwordSignIn(t.app, agent, 'admin')).state).toBe('enrol');
    const agentToken = await tokenFor(t.app, agent, 'admin');
    expect((await call(agentToken, 'GET', '/payouts/queue')).statusCode).toBe(200);
    expect((await call(agentToken, 'GET', '/admin/staff')).statusCode).toBe(403);
    expect((await call(agentToken, 'GET', '/tickets')).statusCode).toBe(403);

    const audit = await sqlOn(
      t.url,
      "SELECT action, actor_id FROM audit_log WHERE action IN ('staff.invite', 'staff.join') ORDER BY id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['staff.invite', 'staff.join']);
  });

  it('an expired or replaced invitation opens nothing', async () => {
    const email = `late-${Date.now()}@test.example`;
    const body = { email, fullname: 'Late Person', roles: ['support'] };
    await call(ownerToken, 'POST', '/admin/staff/invitations', { ...body, code: code() });
    const first = await invitationToken(email);
    await call(ownerToken, 'POST', '/admin/staff/invitations', { ...body, code: code() });
    const second = await invitationToken(email);
    expect((await call(null, 'GET', `/staff-invitations/${first}`)).statusCode).toBe(404);
    await sqlOn(
      t.url,
      "UPDATE staff_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1",
      [email],
    );
    expect((await call(null, 'GET', `/staff-invitations/${second}`)).statusCode).toBe(422);
    const late = await call(null, 'POST', '/staff-invitations/accept', { token: second, password: STRONG });
    expect(late.statusCode).toBe(422);
    const made = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(made.rows[0].n).toBe(0);
  });

  it('only an owner manages staff', async () => {
    for (const role of ['support', 'finance', 'compliance', 'content'] as const) {
      const who = await staffAccount([role]);
      expect((await call(who.token, 'GET', '/admin/staff')).statusCode, role).toBe(403);
    }
  });
});

describe('roles, suspension and the last owner', () => {
  it('demotes, suspends (signed out at once, no sign-in) and restores a staff member', async () => {
    const b = await staffAccount(['owner']);
    const demoted = await call(ownerToken, 'PUT', `/admin/staff/${b.id}/roles`, {
      roles: ['support'],
      code: code(),
      reason: 'Moved to support.',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().staff).toMatchObject({ roles: ['support'], two_factor_on: true });
    expect((await call(b.token, 'GET', '/admin/staff')).statusCode).toBe(403);

    const noReason = await call(ownerToken, 'POST', `/admin/staff/${b.id}/suspend`, { code: code() });
    expect(noReason.statusCode).toBe(400);
    const suspended = await call(ownerToken, 'POST', `/admin/staff/${b.id}/suspend`, {
      code: code(),
      reason: 'Left the company.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await call(b.token, 'GET', '/tickets')).statusCode).toBe(401);
    const signIn = await call(null, 'POST', '/auth/adminsignin', { email: b.email, password: b.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toContain('suspended');

    const restored = await call(ownerToken, 'POST', `/admin/staff/${b.id}/restore`, { code: code() });
    expect(restored.statusCode).toBe(200);
    expect((await passwordSignIn(t.app, b, 'admin')).state).toBe('code');
    const audit = await sqlOn(
      t.url,
      "SELECT action, reason FROM audit_log WHERE entity = 'user' AND entity_id = $1 AND action LIKE 'staff.%' ORDER BY id",
      [String(b.id)],
    );
    expect(audit.rows).toEqual([
      { action: 'staff.roles', reason: 'Moved to support.' },
      { action: 'staff.suspend', reason: 'Left the company.' },
      { action: 'staff.restore', reason: null },
    ]);
  });

  it('the last owner cannot be demoted or suspended, even by two owners demoting each other at once', async () => {
    const c = await staffAccount(['owner']);
    // Only the owner of this test and c remain owners.
    await sqlOn(t.url, "UPDATE users SET staff_roles = '{support}' WHERE role = 'admin' AND id <> ALL($1)", [
      [owner.id, c.id],
    ]);
    const [one, two] = await Promise.all([
      call(ownerToken, 'PUT', `/admin/staff/${c.id}/roles`, { roles: ['finance'], code: code() }),
      call(c.token, 'PUT', `/admin/staff/${owner.id}/roles`, { roles: ['finance'], code: code(c) }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(refused.json().message).toBe(LAST_OWNER_MESSAGE);
    const owners = await sqlOn(t.url, "SELECT id FROM users WHERE 'owner' = ANY(staff_roles)");
    expect(owners.rows).toHaveLength(1);

    const last =
      String(owners.rows[0].id) === String(owner.id)
        ? { who: owner, token: ownerToken }
        : { who: c, token: c.token };
    const self = await call(last.token, 'PUT', `/admin/staff/${last.who.id}/roles`, {
      roles: ['compliance'],
      code: code(last.who),
    });
    expect(self.statusCode, self.body).toBe(409);
    expect(self.json().message).toBe(LAST_OWNER_MESSAGE);
    expect(
      (
        await call(last.token, 'POST', `/admin/staff/${last.who.id}/suspend`, {
          code: code(last.who),
          reason: 'test',
        })
      ).statusCode,
    ).toBe(403);
  });
});
