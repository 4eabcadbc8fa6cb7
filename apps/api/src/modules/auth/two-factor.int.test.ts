import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  bearer,
  buildAdmin,
  buildMember,
  enrolTwoFactor,
  passwordSignIn,
  stepNow,
  tokenFor,
  totpCode,
} from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet } from '../../../test/money';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

const signIn = (who: Built, kind: 'user' | 'admin' = 'user') => passwordSignIn(t.app, who, kind);

/** Waits out the end of a 30-second step, so a step picked now is the one the server checks against. */
async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 3_000) await new Promise((r) => setTimeout(r, left + 200));
}

const audits = async (action: string, userId: bigint) =>
  (
    await sqlOn(t.url, 'SELECT actor_id FROM audit_log WHERE action = $1 AND entity_id = $2', [
      action,
      String(userId),
    ])
  ).rows;

describe('an admin without two-factor sign-in', () => {
  it('can do nothing but enrol, and acts once a code from the shown secret confirms it', async () => {
    const admin = await buildAdmin(t.deps);
    const m = await buildMember(t.deps);
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
      m.id,
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]);
    await fundWallet(t.deps, m.id, 'working', '150');
    const asked = await api('POST', '/withdrawalrequest/add', await tokenFor(t.app, m), {
      user_id: Number(m.id),
      amount: '100',
      fee: '0',
    });
    expect(asked.statusCode).toBe(201);
    const withdrawalId: number = asked.json().withdrawal.id;

    const { token, state } = await signIn(admin, 'admin');
    expect(state).toBe('enrol');
    const second = await signIn(admin, 'admin');
    const enrolFirst = {
      code: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
      message: 'Set up two-factor sign-in first: it is required for administrators.',
    };
    const users = await api('GET', `/users/list`, token);
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject(enrolFirst);
    const decide = (as = token) =>
      api('PUT', `/withdrawalrequest/${withdrawalId}`, as, { status: 'complete', user_id: Number(m.id) });
    const refused = await decide();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(enrolFirst);
    expect((await api('GET', `/users?email=${encodeURIComponent(m.email)}`, token)).statusCode).toBe(403);

    const status = await api('GET', '/auth/2fa', token);
    expect(status.json()).toEqual({
      enabled: false,
      required: true,
      session: 'enrol',
      recovery_codes_left: 0,
    });
    const enrol = await api('POST', '/auth/2fa/enrol', token);
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const username = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [admin.id])).rows[0]
      .username;
    expect(otpauth_url).toBe(
      `otpauth://totp/SocialGenX:${username}?issuer=SocialGenX&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // A second enrolment replaces the pending secret: only a code from the newest one confirms.
    const newer = (await api('POST', '/auth/2fa/enrol', token)).json().secret as string;
    expect(newer).not.toBe(secret);
    await awayFromStepEdge();
    const stale = await api('POST', '/auth/2fa/confirm', token, { code: totpCode(secret) });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().code).toBe('BUSINESS_RULE');
    expect((await decide()).statusCode).toBe(403);

    // What an authenticator app computes from the URL is accepted.
    const app = new TOTP({ secret: Secret.fromBase32(newer), issuer: 'SocialGenX', label: username });
    const confirmed = await api('POST', '/auth/2fa/confirm', token, { code: app.generate() });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await sqlOn(t.url, 'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [
      admin.id,
    ]);
    expect(stored.rows).toHaveLength(10);
    for (const r of stored.rows) expect(r.code_hash).toMatch(/^\$argon2id\$/);

    // The session continues under a new token; the one it signed in with no longer works (decision 0032).
    const renewed: string = confirmed.json().token;
    expect(renewed).toMatch(/^[\w-]{43}$/);
    expect((await decide()).statusCode).toBe(401);
    const done = await decide(renewed);
    expect(done.statusCode).toBe(200);
    expect(done.json().withdrawal.status).toBe('complete');
    expect((await api('GET', '/users/list', renewed)).statusCode).toBe(200);
    expect((await api('GET', '/auth/2fa', renewed)).json()).toEqual({
      enabled: true,
      required: true,
      session: 'ok',
      recovery_codes_left: 10,
    });
    expect(await audits('two_factor.enabled', admin.id)).toEqual([{ actor_id: admin.id }]);
    // The other session that was waiting to enrol has ended; enrolling again is refused.
    expect((await api('GET', '/auth/2fa', second.token)).statusCode).toBe(401);
    expect(confirmed.json().message).toMatch(/your other sessions are signed out/);
    expect((await api('POST', '/auth/2fa/enrol', renewed)).statusCode).toBe(409);
    // The next sign-in owes a code.
    expect((await signIn(admin, 'admin')).state).toBe('code');
  });

  it('cannot turn two-factor sign-in off', async () => {
    const admin = await buildAdmin(t.deps);
    const token = await tokenFor(t.app, admin, 'admin');
    const res = await api('POST', '/auth/2fa/disable', token, {
      password: admin.password,
      code: totpCode(admin.twoFactor?.secret ?? '', stepNow() + 1),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Two-factor sign-in is required for administrators.',
    });
    expect((await api('GET', '/auth/2fa', token)).json().enabled).toBe(true);
  });
});

describe("a session in state 'code'", () => {
  it('reaches no member or admin route, only the code, its status and sign-out', async () => {
    const admin = await buildAdmin(t.deps);
    await tokenFor(t.app, admin, 'admin');
    const member = await buildMember(t.deps);
    await enrolTwoFactor(t.app, member, await tokenFor(t.app, member));

    const a = await signIn(admin, 'admin');
    expect(a.state).toBe('code');
    const adminRoute = await api('GET', '/users/list', a.token);
    expect(adminRoute.statusCode).toBe(403);
    expect(adminRoute.json()).toEqual({
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app first.',
    });
    const m = await signIn(member, 'user');
    expect(m.state).toBe('code');
    for (const url of [`/users/${member.id}`, `/tr/wallet/${member.id}`, '/notifications/events']) {
      const res = await api('GET', url, m.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('SECOND_FACTOR_REQUIRED');
    }
    const asked = await api('POST', '/withdrawalrequest/add', m.token, {
      user_id: Number(member.id),
      amount: '10',
      fee: '0',
    });
    expect(asked.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await api('GET', '/auth/2fa', m.token)).json()).toMatchObject({ enabled: true, session: 'code' });
    // Nothing of two-factor can be changed from it.
    expect((await api('POST', '/auth/2fa/enrol', m.token)).json().code).toBe('SECOND_FACTOR_REQUIRED');
    const regen = await api('POST', '/auth/2fa/recovery-codes', m.token, { code: '123456' });
    expect(regen.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await api('GET', '/auth/signout', m.token)).statusCode).toBe(200);
    expect((await api('GET', '/auth/2fa', m.token)).statusCode).toBe(401);
    expect((await api('GET', '/auth/signoutadmin', a.token)).statusCode).toBe(200);
  });

  it('takes a code of the current step or one either side, each step once, and refuses a wrong one', async () => {
    const admin = await buildAdmin(t.deps);
    await tokenFor(t.app, admin, 'admin');
    const secret = admin.twoFactor?.secret ?? '';
    // tokenFor confirmed with the current step; start from a clean slate two steps later.
    await sqlOn(t.url, 'UPDATE two_factors SET last_step = $2 WHERE user_id = $1', [admin.id, stepNow() - 5]);
    const s1 = await signIn(admin, 'admin');
    const s2 = await signIn(admin, 'admin');
    await awayFromStepEdge();
    const now = stepNow();
    const wrong = await api('POST', '/auth/2fa/verify', s1.token, { code: totpCode(secret, now - 2) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'BUSINESS_RULE' });
    expect(wrong.json().message).toMatch(/^That code is not valid\./);
    expect(
      (await api('POST', '/auth/2fa/verify', s1.token, { code: totpCode(secret, now + 2) })).statusCode,
    ).toBe(422);
    const early = await api('POST', '/auth/2fa/verify', s1.token, { code: totpCode(secret, now - 1) });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ message: 'Signed in.', recovery_codes_left: 10 });
    expect((await api('GET', '/users/list', early.json().token)).statusCode).toBe(200);
    // The same code again, on another session: refused; the next step's code works.
    const reused = await api('POST', '/auth/2fa/verify', s2.token, { code: totpCode(secret, now - 1) });
    expect(reused.statusCode).toBe(422);
    expect((await api('GET', '/users/list', s2.token)).statusCode).toBe(403);
    const next = await api('POST', '/auth/2fa/verify', s2.token, { code: totpCode(secret, now + 1) });
    expect(next.statusCode).toBe(200);
    expect((await api('GET', '/users/list', next.json().token)).statusCode).toBe(200);
    // An 'ok' session owes nothing.
    expect(
      (await api('POST', '/auth/2fa/verify', next.json().token, { code: totpCode(secret, now) })).statusCode,
    ).toBe(409);
  });

  it('lets exactly one of two concurrent verifies with one code through', async () => {
    const admin = await buildAdmin(t.deps);
    await tokenFor(t.app, admin, 'admin');
    const secret = admin.twoFactor?.secret ?? '';
    await awayFromStepEdge();
    await sqlOn(t.url, 'UPDATE two_factors SET last_step = $2 WHERE user_id = $1', [admin.id, stepNow() - 5]);
    const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn(admin, 'admin')));
    const code = totpCode(secret);
    const results = await Promise.all(
      sessions.map((s) => api('POST', '/auth/2fa/verify', s.token, { code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const states = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND second_factor = 'ok' AND revoked_at IS NULL",
      [admin.id],
    );
    // The one from tokenFor and the winner.
    expect(states.rows[0].n).toBe(2);
  });
});

describe('a new token once the second factor is proven (decision 0032)', () => {
  it("after the code, the token signed in with is 401 at once and the new one works; an 'ok' session keeps its own", async () => {
    const member = await buildMember(t.deps);
    const ok = await tokenFor(t.app, member);
    // Turned on from an 'ok' session (the security page): that session keeps its token, none is sent.
    const { secret } = (await api('POST', '/auth/2fa/enrol', ok)).json();
    const on = await api('POST', '/auth/2fa/confirm', ok, {
      code: totpCode(secret),
      password: member.password,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).not.toHaveProperty('token');
    expect((await api('GET', `/users/${member.id}`, ok)).statusCode).toBe(200);

    await awayFromStepEdge();
    const { token: old, state } = await signIn(member);
    expect(state).toBe('code');
    const verified = await api('POST', '/auth/2fa/verify', old, { code: totpCode(secret, stepNow() + 1) });
    expect(verified.statusCode).toBe(200);
    const fresh: string = verified.json().token;
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect(fresh).not.toBe(old);
    for (const url of ['/auth/2fa', `/users/${member.id}`]) {
      const stale = await api('GET', url, old);
      expect(stale.statusCode, url).toBe(401);
    }
    expect((await api('GET', '/auth/2fa', fresh)).json()).toMatchObject({ session: 'ok' });
    expect((await api('GET', `/users/${member.id}`, fresh)).statusCode).toBe(200);
    // One session, still: the row was renewed, not copied; signing out ends the new token.
    const open = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [member.id],
    );
    expect(open.rows[0].n).toBe(2);
    expect((await api('GET', '/auth/signout', fresh)).statusCode).toBe(200);
    expect((await api('GET', `/users/${member.id}`, fresh)).statusCode).toBe(401);
  });
});
