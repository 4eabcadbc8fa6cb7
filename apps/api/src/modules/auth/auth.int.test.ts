import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5', RATE_LIMIT_REGISTER_PER_IP: '1000' });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress: ip });

const valid = (over: Record<string, unknown> = {}) => ({
  fullname: 'Riya Sharma',
  email: `riya-${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+919876543210',
  password: 'Saffron-Kettle-58',
  confirmPassword: 'Saffron-Kettle-58',
  referralBy: '',
  ...over,
});

describe('registration', () => {
  it('registers under the sponsor, signs the member in and counts them in every upline team', async () => {
    const top = await buildMember(t.deps);
    const sponsor = await buildMember(t.deps, { sponsorId: top.id });
    const res = await register(valid({ referralBy: sponsor.code }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Registration successful');
    expect(body.auth.username).toMatch(/^SGX\d{6}$/);
    expect(body.auth.refferal_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.auth.token).toBeTruthy();
    expect(new Date(body.expireAt).getTime()).toBeGreaterThan(Date.now());
    // No password or hash in the answer: its keys and texts, less the session token (random letters, which once
    // spelled "Hash"), and no argon2 hash anywhere.
    const { token: _token, ...auth } = body.auth;
    expect(JSON.stringify({ ...body, auth })).not.toMatch(/password|hash/i);
    expect(JSON.stringify(body)).not.toMatch(/\$argon2/);

    const me = await t.app.inject({ url: `/api/v1/users/${body.auth.id}`, headers: bearer(body.auth.token) });
    expect(me.json().singleuser.reffer_by).toBe(sponsor.code);
    const teams = await sqlOn(t.url, 'SELECT id, total_team FROM users WHERE id = ANY($1) ORDER BY id', [
      [top.id, sponsor.id],
    ]);
    expect(teams.rows.map((r) => r.total_team)).toEqual([2, 1]);
  });

  it('refuses an unknown referral code with the rule text', async () => {
    const res = await register(valid({ referralBy: 'NOPE1234' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid referral code.',
      details: { referralBy: ['Invalid referral code.'] },
    });
  });

  it('places a member with no code under the root member', async () => {
    await sqlOn(
      t.url,
      "UPDATE users SET refferal_code = 'SGXROOT' WHERE id = (SELECT min(id) FROM users WHERE role = 'user')",
    );
    const res = await register(valid());
    expect(res.statusCode).toBe(201);
    const row = await sqlOn(
      t.url,
      'SELECT s.refferal_code FROM users u JOIN users s ON s.id = u.sponsor_id WHERE u.id = $1',
      [res.json().auth.id],
    );
    expect(row.rows[0]?.refferal_code).toBe('SGXROOT');
  });

  it('registers a phone number in a common international format, kept in E.164 (decision 0041)', async () => {
    for (const [written, stored] of [
      ['+44 7911 123456', '+447911123456'],
      ['+1 (202) 555-0123', '+12025550123'],
      ['+44 7700 900123', '+447700900123'],
      ['0091 98765.43210', '+919876543210'],
    ] as const) {
      const res = await register(valid({ email: `phone-${stored.slice(1)}@example.com`, phone: written }));
      expect(res.statusCode, res.body).toBe(201);
      const row = await sqlOn(t.url, 'SELECT phone FROM users WHERE id = $1', [res.json().auth.id]);
      expect(row.rows[0]?.phone).toBe(stored);
    }
  });

  it('refuses a phone number no numbering plan has, or one without its country code, and keeps nothing', async () => {
    for (const [phone, message] of [
      ['+1 555 0123', 'This is not a valid phone number: check the country code and the digits.'],
      ['+999 1234 5678', 'This is not a valid phone number: check the country code and the digits.'],
      ['07911 123456', 'Start with + and the country code, e.g. +44 7911 123456.'],
      ['12 34', 'Enter a phone number of 7 to 15 digits.'],
    ] as const) {
      const email = `refused-${phone.replace(/\D/g, '')}@example.com`;
      const res = await register(valid({ email, phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().details?.phone).toEqual([message]);
      const row = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
      expect(row.rows[0]?.n).toBe(0);
    }
  });

  it('answers field errors for bad input, never a 500', async () => {
    const res = await register({
      fullname: '',
      email: 'x',
      phone: 'abc',
      password: 'a',
      confirmPassword: 'b',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details)).toEqual(
      expect.arrayContaining(['fullname', 'email', 'phone', 'password']),
    );
    expect((await register([] as unknown as Record<string, unknown>)).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses mismatched confirmation and a duplicate e-mail (any case)', async () => {
    expect((await register(valid({ confirmPassword: 'Other123' }))).json().details.confirmPassword).toEqual([
      'Passwords do not match.',
    ]);
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const dup = await register({ ...first, email: first.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This email is already registered.');
  });
});

describe('sign-in and sign-out', () => {
  it('signs a member in by e-mail or username, and the token works until sign-out', async () => {
    const m = await buildMember(t.deps);
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: m.email.toUpperCase(), password: m.password },
    });
    expect(byEmail.statusCode).toBe(200);
    const { auth, expireAt, message } = byEmail.json();
    expect(message).toBeTruthy();
    expect(expireAt).toBeTruthy();
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: auth.username, password: m.password },
    });
    expect(byName.statusCode).toBe(200);

    expect(
      (await t.app.inject({ url: `/api/v1/users/${auth.id}`, headers: bearer(auth.token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ url: '/api/v1/auth/signout', headers: bearer(auth.token) });
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    const after = await t.app.inject({ url: `/api/v1/users/${auth.id}`, headers: bearer(auth.token) });
    expect(after.statusCode).toBe(401);
    // the other session is untouched
    expect(
      (await t.app.inject({ url: `/api/v1/users/${auth.id}`, headers: bearer(byName.json().auth.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('records the last login time', async () => {
    const m = await buildMember(t.deps);
    await tokenFor(t.app, m);
    const row = await sqlOn(t.url, 'SELECT last_login FROM users WHERE id = $1', [m.id]);
    expect(row.rows[0]?.last_login).toBeInstanceOf(Date);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const m = await buildMember(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: m.email, password: 'Wrong1234' },
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'ghost@example.com', password: 'Wrong1234' },
      remoteAddress: '10.9.0.2',
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(res.json().message);
  });

  it('keeps member and admin sign-in apart', async () => {
    const m = await buildMember(t.deps);
    const a = await buildAdmin(t.deps);
    const memberAsAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin',
      payload: { email: m.email, password: m.password },
    });
    expect(memberAsAdmin.statusCode).toBe(401);
    const adminAsMember = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: a.email, password: a.password },
    });
    expect(adminAsMember.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin',
      payload: { email: a.email, password: a.password },
    });
    expect(ok.json().admin.role).toBe('admin');
    const adminToken = ok.json().admin.token;
    // an admin token cannot use the member sign-out, and the reverse
    expect(
      (await t.app.inject({ url: '/api/v1/auth/signout', headers: bearer(adminToken) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/signoutadmin', headers: bearer(await tokenFor(t.app, m)) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/signoutadmin', headers: bearer(adminToken) })).statusCode,
    ).toBe(200);
  });

  it('ends a session at its expiry', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    await sqlOn(t.url, "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      m.id,
    ]);
    const res = await t.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it('resolves each of many concurrent requests to its own session, looked up together (decision 0048)', async () => {
    const members = [await buildMember(t.deps), await buildMember(t.deps), await buildMember(t.deps)];
    const tokens = await Promise.all(members.map((m) => tokenFor(t.app, m)));
    const ended = await tokenFor(t.app, members[0] as (typeof members)[number]);
    expect((await t.app.inject({ url: '/api/v1/auth/signout', headers: bearer(ended) })).statusCode).toBe(
      200,
    );
    const asks = Array.from({ length: 60 }, (_, i) => {
      const k = i % 5;
      const token = k < 3 ? (tokens[k] as string) : k === 3 ? ended : 'no-such-token';
      return { token, want: k < 3 ? members[k]?.id : null };
    });
    const got = await Promise.all(asks.map((a) => t.deps.sessions.resolve(a.token)));
    expect(got.map((p) => p?.userId ?? null)).toEqual(asks.map((a) => a.want ?? null));
  });

  it('never stores the token itself', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const rows = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE $1",
      [`%${token}%`],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('rate limits', () => {
  it('limits attempts per account before hashing, even with the right password afterwards', async () => {
    const m = await buildMember(t.deps);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: m.email, password: 'Wrong1234' },
        remoteAddress: `10.1.0.${i}`,
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: m.email, password: m.password },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('per-address limits', () => {
  it('limits sign-in attempts per address across accounts', async () => {
    const small = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '3', RATE_LIMIT_REGISTER_PER_IP: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await small.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: `x${i}@example.com`, password: 'Wrong1234' },
          remoteAddress: '10.2.0.1',
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const other = await small.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: 'x@example.com', password: 'Wrong1234' },
        remoteAddress: '10.2.0.2',
      });
      expect(other.statusCode).toBe(401);
      const regs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await small.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: valid(),
          remoteAddress: '10.3.0.1',
        });
        regs.push(r.statusCode);
      }
      expect(regs).toEqual([201, 201, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('feature switches', () => {
  it('closes registration and member login, never admin login', async () => {
    const admin = await buildAdmin(t.deps);
    const member = await buildMember(t.deps);
    const adminToken = await tokenFor(t.app, admin, 'admin');
    const put = (features: Record<string, boolean>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings',
        headers: bearer(adminToken),
        payload: { settings: { features }, reason: 'maintenance window' },
      });

    expect((await put({ registration: false, login: false })).statusCode).toBe(200);
    const reg = await register(valid());
    expect(reg.statusCode).toBe(403);
    expect(reg.json()).toMatchObject({ message: 'Registration is closed.', code: 'FEATURE_DISABLED' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Login is closed.');
    expect((await tokenFor(t.app, admin, 'admin')).length).toBeGreaterThan(20);

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, reason, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({ actor_id: admin.id, reason: 'maintenance window' });
    expect(audit.rows[0]?.after.features.registration).toBe(false);

    expect((await put({ registration: true, login: true })).statusCode).toBe(200);
    expect((await register(valid())).statusCode).toBe(201);
  });

  it('lets only admins read or change settings', async () => {
    const member = await buildMember(t.deps);
    const token = await tokenFor(t.app, member);
    expect((await t.app.inject({ url: '/api/v1/settings', headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/settings' })).statusCode).toBe(401);
  });
});
