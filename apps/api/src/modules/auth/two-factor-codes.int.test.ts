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
import { AppError } from '../../http/errors';
import { hasSecondFactor, requireSecondFactor } from './second-factor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

const signIn = (who: Built, kind: 'user' | 'admin' = 'user') => passwordSignIn(t.app, who, kind);

/** A member with two-factor on: the 'ok' token of the session that turned it on. */
async function memberWithTwoFactor(): Promise<Built & { token: string }> {
  const m = await buildMember(t.deps);
  const token = await tokenFor(t.app, m);
  await enrolTwoFactor(t.app, m, token);
  return { ...m, token };
}

const secretOf = (who: Built) => who.twoFactor?.secret ?? '';
const recoveryOf = (who: Built) => who.twoFactor?.recoveryCodes ?? [];
/** Forgets which steps were used, so a test can pick its step freely. */
const freshSteps = (who: Built) =>
  sqlOn(t.url, 'UPDATE two_factors SET last_step = $2 WHERE user_id = $1', [who.id, stepNow() - 5]);
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('recovery codes', () => {
  it('sign in once each, are audited, and a new set replaces the old', async () => {
    const m = await memberWithTwoFactor();
    const [first, second] = recoveryOf(m);
    const s1 = await signIn(m);
    expect(s1.state).toBe('code');
    const used = await api('POST', '/auth/2fa/verify', s1.token, { code: first?.toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      message: 'Signed in with a recovery code.',
      recovery_codes_left: 9,
      token: expect.any(String),
    });
    const t1: string = used.json().token;
    const s2 = await signIn(m);
    const again = await api('POST', '/auth/2fa/verify', s2.token, { code: first });
    expect(again.statusCode).toBe(422);
    expect((await api('GET', `/users/${m.id}`, s2.token)).statusCode).toBe(403);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, after FROM audit_log WHERE action = 'two_factor.recovery_code_used' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: m.id, after: { recovery_codes_left: 9 } }]);

    // A new set, after a code; the unused old codes stop working.
    const regen = await api('POST', '/auth/2fa/recovery-codes', t1, { code: second });
    expect(regen.statusCode).toBe(200);
    const fresh: string[] = regen.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryOf(m)[2]);
    expect((await api('POST', '/auth/2fa/verify', s2.token, { code: recoveryOf(m)[2] })).statusCode).toBe(
      422,
    );
    const passed = await api('POST', '/auth/2fa/verify', s2.token, { code: fresh[0] });
    expect(passed.statusCode).toBe(200);
    expect((await api('GET', '/auth/2fa', passed.json().token)).json().recovery_codes_left).toBe(9);
    const regenerated = await sqlOn(
      t.url,
      "SELECT actor_id FROM audit_log WHERE action = 'two_factor.recovery_codes_regenerated' AND entity_id = $1",
      [String(m.id)],
    );
    expect(regenerated.rows).toEqual([{ actor_id: m.id }]);
    const wrong = await api('POST', '/auth/2fa/recovery-codes', t1, { code: 'zzzz-zzzz' });
    expect(wrong.statusCode).toBe(422);
  });

  it('keep working for tokenFor once the steps of the window are used', async () => {
    const admin = await buildAdmin(t.deps);
    for (let i = 0; i < 5; i++) {
      const token = await tokenFor(t.app, admin, 'admin');
      expect((await api('GET', '/users/list', token)).statusCode).toBe(200);
    }
    const left = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [admin.id],
    );
    expect(left.rows[0].n).toBe(recoveryOf(admin).length);
  });
});

describe('the code-check limit (decision 0032)', () => {
  /** A password sign-in from a client address: the token and what it owes. */
  const signInFrom = async (who: Built, ip: string, kind: 'user' | 'admin' = 'user') => {
    const res = await t.app.inject({
      method: 'POST',
      url: kind === 'admin' ? '/api/v1/auth/adminsignin' : '/api/v1/auth/signin',
      payload: { email: who.email, password: who.password },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { token: (body.admin ?? body.auth).token as string, state: body.second_factor as string };
  };
  const verifyFrom = (token: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/verify',
      headers: bearer(token),
      payload: { code },
      remoteAddress: ip,
    });
  const sessionIdOf = async (token: string) =>
    (await sqlOn(t.url, "SELECT id FROM sessions WHERE token_hash = sha256(convert_to($1, 'UTF8'))", [token]))
      .rows[0]?.id as bigint;

  it("answers a session's sixth wrong code in 15 minutes with 429, even a right one then", async () => {
    const m = await memberWithTwoFactor();
    await freshSteps(m);
    const s = await signIn(m);
    const wrong = totpCode(secretOf(m), stepNow() - 3);
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/auth/2fa/verify', s.token, { code: i % 2 ? wrong : 'abcd-efgh' });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(422);
    }
    const sixth = await api('POST', '/auth/2fa/verify', s.token, { code: totpCode(secretOf(m)) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await api('GET', `/users/${m.id}`, s.token)).statusCode).toBe(403);
  });

  it('five wrong codes from one session do not lock the real admin out from another session or address', async () => {
    const admin = await buildAdmin(t.deps);
    await tokenFor(t.app, admin, 'admin');
    await freshSteps(admin);
    // Someone holding the admin's password, from their own address.
    const thief = await signInFrom(admin, '203.0.113.7', 'admin');
    expect(thief.state).toBe('code');
    for (let i = 0; i < 5; i++) {
      expect((await verifyFrom(thief.token, '000000', '203.0.113.7')).statusCode).toBe(422);
    }
    expect((await verifyFrom(thief.token, '000000', '203.0.113.7')).statusCode).toBe(429);
    // The real admin signs in from their office and enters the right code.
    const owner = await signInFrom(admin, '198.51.100.4', 'admin');
    const passed = await verifyFrom(owner.token, totpCode(secretOf(admin)), '198.51.100.4');
    expect(passed.statusCode).toBe(200);
    expect((await api('GET', '/users/list', passed.json().token)).statusCode).toBe(200);
    // Another session from the thief's address is not locked out by that session's count either.
    const again = await signInFrom(admin, '203.0.113.7', 'admin');
    expect(
      (await verifyFrom(again.token, totpCode(secretOf(admin), stepNow() + 1), '203.0.113.7')).statusCode,
    ).toBe(200);
  });

  it('holds an address at 30 wrong codes in 15 minutes, whatever the session or account', async () => {
    const [a, b] = [await memberWithTwoFactor(), await memberWithTwoFactor()];
    for (const who of [a, b, a, b, a, b]) {
      const s = await signInFrom(who, '203.0.113.20');
      for (let i = 0; i < 5; i++)
        expect((await verifyFrom(s.token, '000000', '203.0.113.20')).statusCode).toBe(422);
    }
    const fresh = await signInFrom(a, '203.0.113.20');
    expect((await verifyFrom(fresh.token, totpCode(secretOf(a)), '203.0.113.20')).statusCode).toBe(429);
    // The owner elsewhere is not held.
    await freshSteps(a);
    const home = await signInFrom(a, '198.51.100.20');
    expect((await verifyFrom(home.token, totpCode(secretOf(a)), '198.51.100.20')).statusCode).toBe(200);
  });

  it("holds an account's failed sessions at 30 wrong codes in the hour, never a new session's first try", async () => {
    const m = await memberWithTwoFactor();
    await freshSteps(m);
    // Guessing spread over six sessions and six addresses: 30 wrong codes.
    for (let n = 0; n < 6; n++) {
      const ip = `192.0.2.${n + 1}`;
      const s = await signInFrom(m, ip);
      for (let i = 0; i < 5; i++) expect((await verifyFrom(s.token, '000000', ip)).statusCode).toBe(422);
    }
    // A seventh session gets its first try (wrong), then is held by the account's ceiling.
    const seventh = await signInFrom(m, '192.0.2.7');
    expect((await verifyFrom(seventh.token, '000000', '192.0.2.7')).statusCode).toBe(422);
    expect((await verifyFrom(seventh.token, totpCode(secretOf(m)), '192.0.2.7')).statusCode).toBe(429);
    // The owner's new session enters the right code at its first try.
    const owner = await signInFrom(m, '198.51.100.30');
    expect((await verifyFrom(owner.token, totpCode(secretOf(m)), '198.51.100.30')).statusCode).toBe(200);
  });

  it("starts a session's count again after a right code: its money checks have five tries of their own", async () => {
    const m = await memberWithTwoFactor();
    await freshSteps(m);
    const s = await signIn(m);
    for (let i = 0; i < 4; i++) {
      expect((await api('POST', '/auth/2fa/verify', s.token, { code: '000000' })).statusCode).toBe(422);
    }
    const passed = await api('POST', '/auth/2fa/verify', s.token, { code: recoveryOf(m)[0] });
    expect(passed.statusCode).toBe(200);
    const who = { userId: m.id, sessionId: await sessionIdOf(passed.json().token) };
    expect(who.sessionId).toBeDefined();
    for (let i = 0; i < 5; i++) {
      expect((await refusal(requireSecondFactor(t.deps.db, who, '000000'))).status, `try ${i + 1}`).toBe(422);
    }
    expect((await refusal(requireSecondFactor(t.deps.db, who, totpCode(secretOf(m))))).status).toBe(429);
    // Another session of the member is not held by this one's count.
    const other = { userId: m.id, sessionId: await sessionIdOf(m.token) };
    expect(await requireSecondFactor(t.deps.db, other, totpCode(secretOf(m)))).toBe(true);
  });
});

describe('a member', () => {
  it('turns two-factor on (sign-in then owes a code) and off with password and code', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    expect((await api('GET', '/auth/2fa', token)).json()).toEqual({
      enabled: false,
      required: false,
      session: 'ok',
      recovery_codes_left: 0,
    });
    expect((await signIn(m)).state).toBe('ok');
    await enrolTwoFactor(t.app, m, token);
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(true);
    // The session that turned it on stays usable; a new sign-in owes a code.
    expect((await api('GET', `/users/${m.id}`, token)).statusCode).toBe(200);
    const waiting = await signIn(m);
    expect(waiting.state).toBe('code');

    await freshSteps(m);
    const badPassword = await api('POST', '/auth/2fa/disable', token, {
      password: 'Not-The-Password-1',
      code: totpCode(secretOf(m)),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().details).toHaveProperty('password');
    const badCode = await api('POST', '/auth/2fa/disable', token, {
      password: m.password,
      code: totpCode(secretOf(m), stepNow() - 3),
    });
    expect(badCode.statusCode).toBe(422);
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(true);
    const off = await api('POST', '/auth/2fa/disable', token, {
      password: m.password,
      code: totpCode(secretOf(m)),
    });
    expect(off.statusCode).toBe(200);
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(false);
    expect((await api('GET', '/auth/2fa', token)).json()).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect((await signIn(m)).state).toBe('ok');
    // The session that was waiting for a code ends: its token never becomes a full session.
    expect((await api('GET', `/users/${m.id}`, waiting.token)).statusCode).toBe(401);
    const audit = await sqlOn(
      t.url,
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action LIKE 'two_factor.%' ORDER BY id",
      [String(m.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['two_factor.enabled', 'two_factor.disabled']);
    expect(
      (await api('POST', '/auth/2fa/disable', token, { password: m.password, code: '123456' })).statusCode,
    ).toBe(409);
  });
});

describe("turning it on from an 'ok' session", () => {
  const userRoute = (who: Built, token: string) => api('GET', `/users/${who.id}`, token);

  it('needs the password, then ends the other sessions of the member', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const other = await tokenFor(t.app, m);
    const { secret } = (await api('POST', '/auth/2fa/enrol', token)).json();
    const code = totpCode(secret);

    const missing = await api('POST', '/auth/2fa/confirm', token, { code });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { password: ['Enter your password.'] },
    });
    const wrong = await api('POST', '/auth/2fa/confirm', token, { code, password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { password: ['Your password is not correct.'] },
    });
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(false);
    expect((await signIn(m)).state).toBe('ok');
    expect((await userRoute(m, other)).statusCode).toBe(200);

    const on = await api('POST', '/auth/2fa/confirm', token, { code, password: m.password });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(
      'Two-factor sign-in is on, and your other sessions are signed out. Keep these recovery codes safe.',
    );
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(true);
    expect((await userRoute(m, token)).statusCode).toBe(200);
    expect((await userRoute(m, other)).statusCode).toBe(401);
    expect((await api('GET', '/auth/2fa', other)).statusCode).toBe(401);
    const open = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [m.id],
    );
    expect(open.rows[0].n).toBe(1);
  });

  it('counts a wrong password as a wrong check: the sixth try is a 429, even with the right password', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const { secret } = (await api('POST', '/auth/2fa/enrol', token)).json();
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/auth/2fa/confirm', token, {
        code: totpCode(secret),
        password: `Wrong-Password-${i}`,
      });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const sixth = await api('POST', '/auth/2fa/confirm', token, {
      code: totpCode(secret),
      password: m.password,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(false);
  });
});

describe('requireSecondFactor (the check of withdrawals and payout address changes)', () => {
  it('refuses a missing, wrong or used code of a member with two-factor, and takes a right one once', async () => {
    const m = await memberWithTwoFactor();
    await freshSteps(m);
    const missing = await refusal(requireSecondFactor(t.deps.db, m.id, undefined));
    expect(missing.status).toBe(400);
    expect(missing.code).toBe('VALIDATION_FAILED');
    expect(missing.details).toHaveProperty('code');
    expect((await refusal(requireSecondFactor(t.deps.db, m.id, '  '))).code).toBe('VALIDATION_FAILED');
    const wrong = await refusal(requireSecondFactor(t.deps.db, m.id, totpCode(secretOf(m), stepNow() - 3)));
    expect(wrong.status).toBe(422);
    expect(wrong.message).toMatch(/^That code is not valid\./);
    const code = totpCode(secretOf(m));
    expect(await requireSecondFactor(t.deps.db, m.id, code)).toBe(true);
    expect((await refusal(requireSecondFactor(t.deps.db, m.id, code))).status).toBe(422);
    expect(await requireSecondFactor(t.deps.db, m.id, recoveryOf(m)[0])).toBe(true);
  });

  it('returns false for a member without two-factor, whatever the code', async () => {
    const m = await buildMember(t.deps);
    expect(await hasSecondFactor(t.deps.db, m.id)).toBe(false);
    expect(await requireSecondFactor(t.deps.db, m.id, undefined)).toBe(false);
    expect(await requireSecondFactor(t.deps.db, m.id, '123456')).toBe(false);
  });

  it('refuses to run inside a transaction, where a refusal would roll back its own count', async () => {
    const m = await memberWithTwoFactor();
    await expect(
      t.deps.db.transaction().execute((tx) => requireSecondFactor(tx, m.id, '123456')),
    ).rejects.toThrow(/before the transaction opens/);
  });
});
