import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(adminToken), payload: payload as object });

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('reading members', () => {
  it('lists members a page at a time with search, newest first', async () => {
    const tag = `find${Date.now()}`;
    for (let i = 0; i < 3; i++) await buildMember(t.deps, { email: `${tag}-${i}@example.com` });
    const page1 = await asAdmin('GET', `/users/list?page=1&limit=2&search=${tag}`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.total).toBe(3);
    expect(body.totalPages).toBe(2);
    expect(body.allusers.map((u: { email: string }) => u.email)).toEqual([
      `${tag}-2@example.com`,
      `${tag}-1@example.com`,
    ]);
    const page2 = (await asAdmin('GET', `/users/list?page=2&limit=2&search=${tag}`)).json();
    expect(page2.allusers).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    expect((await asAdmin('GET', '/users/list?limit=1000')).statusCode).toBe(400);
  });

  it('treats search wildcards as text', async () => {
    const res = (await asAdmin('GET', '/users/list?search=%25')).json();
    expect(res.total).toBe(0);
  });

  it('finds a member by e-mail', async () => {
    const m = await buildMember(t.deps);
    const res = await asAdmin('GET', `/users?email=${encodeURIComponent(m.email)}`);
    expect(res.json().emailuser.id).toBe(Number(m.id));
    expect((await asAdmin('GET', '/users?email=nobody@example.com')).statusCode).toBe(404);
  });

  it('lets a member read only their own record', async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    const token = await tokenFor(t.app, a);
    const own = await t.app.inject({ url: `/api/v1/users/${a.id}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().singleuser).toMatchObject({
      id: Number(a.id),
      email: a.email,
      active_plan: '0.00000000',
      paid_member: false,
    });
    const other = await t.app.inject({ url: `/api/v1/users/${b.id}`, headers: bearer(token) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(b.email);
    expect((await asAdmin('GET', `/users/${b.id}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', '/users/999999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/users/abc')).statusCode).toBe(400);
  });
});

describe('admin edits', () => {
  it('edits the spec 2.3 fields, ignores a role change, and audits the change with its reason', async () => {
    const m = await buildMember(t.deps);
    const res = await asAdmin('PUT', `/users/${m.id}`, {
      fullname: 'New Name',
      status: 'block',
      is_active: 'active',
      roi_status: 'close',
      level_status: 'close',
      phone: '+919999999999',
      address: '1 Main St',
      role: 'admin',
      updated_at: new Date().toISOString(),
      reason: 'KYC review',
      block_reason: 'Identity check pending',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User updated successfully');
    expect(res.json().singleuser).toMatchObject({
      fullname: 'New Name',
      status: 'block',
      is_active: 'active',
      roi_status: 'close',
      level_status: 'close',
      role: 'user',
      address: '1 Main St',
    });
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, before, after, reason FROM audit_log WHERE action = 'member.update' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: admin.id, reason: 'KYC review' });
    expect(audit.rows[0]?.before).toMatchObject({ fullname: 'Test Member', status: 'unblock' });
    expect(audit.rows[0]?.after).toMatchObject({ fullname: 'New Name', status: 'block' });
    expect(audit.rows[0]?.after.role).toBeUndefined();
  });

  it('hashes a new password, ends the old sessions, and the member signs in with it', async () => {
    const m = await buildMember(t.deps);
    const old = await tokenFor(t.app, m);
    expect((await asAdmin('PUT', `/users/${m.id}`, { password: 'Fresh-Pebble-Road-4' })).statusCode).toBe(
      200,
    );
    const stored = await sqlOn(t.url, 'SELECT password_hash FROM users WHERE id = $1', [m.id]);
    expect(stored.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(old) })).statusCode).toBe(401);
    expect(await tokenFor(t.app, { ...m, password: 'Fresh-Pebble-Road-4' })).toBeTruthy();
    const audit = await sqlOn(
      t.url,
      "SELECT after FROM audit_log WHERE action = 'member.update' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows[0]?.after.password).toBe('changed');
    expect(JSON.stringify(audit.rows)).not.toContain('Fresh-Pebble-Road-4');
  });

  it('refuses a taken e-mail or username', async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    expect((await asAdmin('PUT', `/users/${b.id}`, { email: a.email })).statusCode).toBe(409);
    const aName = (await asAdmin('GET', `/users/${a.id}`)).json().singleuser.username;
    expect((await asAdmin('PUT', `/users/${b.id}`, { username: aName.toLowerCase() })).statusCode).toBe(409);
  });

  it('moves a member with their downline to a new sponsor and refuses cycles', async () => {
    const oldTop = await buildMember(t.deps);
    const newTop = await buildMember(t.deps);
    const mover = await buildMember(t.deps, { sponsorId: oldTop.id });
    const child = await buildMember(t.deps, { sponsorId: mover.id });
    const team = async (id: bigint) =>
      (await sqlOn(t.url, 'SELECT total_team FROM users WHERE id = $1', [id])).rows[0]?.total_team;
    expect([await team(oldTop.id), await team(newTop.id)]).toEqual([2, 0]);

    const moved = await asAdmin('PUT', `/users/${mover.id}`, {
      reffer_by: newTop.code,
      reason: 'wrong sponsor at sign-up',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().singleuser.reffer_by).toBe(newTop.code);
    expect([await team(oldTop.id), await team(newTop.id), await team(mover.id)]).toEqual([0, 2, 1]);

    const cycle = await asAdmin('PUT', `/users/${mover.id}`, { reffer_by: child.code });
    expect(cycle.statusCode).toBe(422);
    expect((await asAdmin('PUT', `/users/${mover.id}`, { reffer_by: mover.code })).statusCode).toBe(422);
    expect((await asAdmin('PUT', `/users/${mover.id}`, { reffer_by: 'NOSUCHCD' })).statusCode).toBe(400);
  });

  it('deletes softly: the member disappears and can no longer sign in, the history stays', async () => {
    const sponsor = await buildMember(t.deps);
    const m = await buildMember(t.deps, { sponsorId: sponsor.id });
    const token = await tokenFor(t.app, m);
    const del = await asAdmin('DELETE', `/users/${m.id}`);
    expect(del.json()).toEqual({ message: 'User deleted successfully' });
    expect((await asAdmin('GET', `/users/${m.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: m.email, password: m.password },
    });
    expect(signin.statusCode).toBe(401);
    const row = await sqlOn(t.url, 'SELECT deleted_at FROM users WHERE id = $1', [m.id]);
    expect(row.rows[0]?.deleted_at).toBeInstanceOf(Date);
    expect(
      (await sqlOn(t.url, 'SELECT total_team FROM users WHERE id = $1', [sponsor.id])).rows[0]?.total_team,
    ).toBe(0);
    expect((await asAdmin('DELETE', `/users/${admin.id}`)).statusCode).toBe(422);
  });
});

describe('a member editing themself', () => {
  it('changes name, phone and address; a payout address only unchanged (decision 0025: PUT /users/payout-address)', async () => {
    const m = await buildMember(t.deps);
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, CHECKSUMMED]);
    const token = await tokenFor(t.app, m);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${m.id}`, headers: bearer(token), payload });
    // A new payout address through the profile edit is refused, and nothing else of that edit is kept.
    const refused = await put({ fullname: 'Me Myself', trc20: TRON });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Change payout addresses under Profile → Payout addresses; your password is needed.',
    );
    expect((await put({ bep20: '' })).statusCode).toBe(422);
    // The address it already has (in any letter case) is no change.
    const res = await put({
      fullname: 'Me Myself',
      phone: '+919123456789',
      bep20: CHECKSUMMED.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().singleuser).toMatchObject({ fullname: 'Me Myself', bep20: CHECKSUMMED, trc20: null });
    const audit = await sqlOn(t.url, 'SELECT actor_id, action, after FROM audit_log WHERE entity_id = $1', [
      String(m.id),
    ]);
    expect(audit.rows).toEqual([
      {
        actor_id: m.id,
        action: 'member.self_update',
        after: { fullname: 'Me Myself', phone: '+919123456789' },
      },
    ]);
  });

  it('refuses a bad checksum, a bad Tron address, and staff-only fields', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${m.id}`, headers: bearer(token), payload });
    const badSum = await put({ bep20: CHECKSUMMED.replace('a', 'A') });
    expect(badSum.statusCode).toBe(400);
    expect(badSum.json().details.bep20).toBeDefined();
    expect((await put({ trc20: `${TRON.slice(0, -1)}8` })).statusCode).toBe(400);
    expect((await put({ status: 'unblock' })).statusCode).toBe(403);
    expect((await put({ business_balance: '1000' })).statusCode).toBe(403);
    expect((await put({ email: 'new@example.com' })).statusCode).toBe(403);
    const other = await buildMember(t.deps);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/users/${other.id}`,
          headers: bearer(token),
          payload: { fullname: 'Hacker' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('changes their password with the current one, keeping this session and ending the others', async () => {
    const m = await buildMember(t.deps);
    const here = await tokenFor(t.app, m);
    const elsewhere = await tokenFor(t.app, m);
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${m.id}/password`, headers: bearer(here), payload });
    const wrong = await change({
      currentPassword: 'Nope12345',
      password: 'Brand-New-Willow-9',
      confirmPassword: 'Brand-New-Willow-9',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await change({
      currentPassword: m.password,
      password: 'Brand-New-Willow-9',
      confirmPassword: 'Brand-New-Willow-9',
    });
    expect(ok.json()).toEqual({ message: 'Password change successfuly' });
    expect((await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(here) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(elsewhere) })).statusCode,
    ).toBe(401);
    expect(await tokenFor(t.app, { ...m, password: 'Brand-New-Willow-9' })).toBeTruthy();
  });
});

describe('defaulters and reward notices', () => {
  it('lists members 10+ days old with no direct referral, and sends them reward notices', async () => {
    const lonely = await buildMember(t.deps);
    const recruiter = await buildMember(t.deps);
    await buildMember(t.deps, { sponsorId: recruiter.id });
    const fresh = await buildMember(t.deps);
    await sqlOn(t.url, "UPDATE users SET created_at = now() - interval '11 days' WHERE id = ANY($1)", [
      [lonely.id, recruiter.id],
    ]);
    const ids = (await asAdmin('GET', '/users/non/users'))
      .json()
      .allnonusers.map((u: { id: number }) => u.id);
    expect(ids).toContain(Number(lonely.id));
    expect(ids).not.toContain(Number(recruiter.id));
    expect(ids).not.toContain(Number(fresh.id));

    const sent = await asAdmin('POST', '/users/send/reward', {
      user_ids: [Number(lonely.id)],
      message: 'Invite one friend to earn your bonus',
    });
    expect(sent.json().message).toMatch(/sent to 1 member/);
    const all = (await asAdmin('GET', '/users/rewards')).json().allrewards;
    expect(all[0]).toMatchObject({
      user_id: Number(lonely.id),
      message: 'Invite one friend to earn your bonus',
    });

    const token = await tokenFor(t.app, lonely);
    const mine = await t.app.inject({
      url: `/api/v1/users/get/defaulterreward/${lonely.id}`,
      headers: bearer(token),
    });
    expect(mine.json().userrewardnotification).toHaveLength(1);
    const theirs = await t.app.inject({
      url: `/api/v1/users/get/defaulterreward/${recruiter.id}`,
      headers: bearer(token),
    });
    expect(theirs.statusCode).toBe(403);
    expect(
      (await asAdmin('POST', '/users/send/reward', { user_ids: [999999], message: 'x' })).statusCode,
    ).toBe(400);
  });
});
