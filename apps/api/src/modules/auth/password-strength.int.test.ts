import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { PERSONAL_PASSWORD, SITE_PASSWORD, WEAK_PASSWORD } from './password-strength';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_REGISTER_PER_IP: '1000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

/** The stored password hash: a refused password must leave it as it was. */
const storedHash = async (id: bigint) =>
  (await sqlOn(t.url, 'SELECT password_hash FROM users WHERE id = $1', [id])).rows[0]?.password_hash;

/** A member changing their own password (current one given). */
const changeOwn = (m: Built, token: string) => (password: string) =>
  call(
    'PUT',
    `/users/${m.id}/password`,
    { currentPassword: m.password, password, confirmPassword: password },
    token,
  );

function expectRefused(res: { statusCode: number; json: () => unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', details: { password: [message] } });
}

describe('weak passwords are refused wherever a password is set', () => {
  it('at registration, and no account is created', async () => {
    const email = `kiran-${randomBytes(4).toString('hex')}@example.com`;
    const register = (password: string) =>
      call('POST', '/auth/register', {
        fullname: 'Kiran Patel',
        email,
        phone: '+919876543210',
        password,
        confirmPassword: password,
        referralBy: '',
      });
    for (const weak of ['password1', '12345678a', 'qwerty123'])
      expectRefused(await register(weak), WEAK_PASSWORD);
    expectRefused(await register('Kiran-Patel-2024'), PERSONAL_PASSWORD);
    const none = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(none.rows[0]?.n).toBe(0);
    expect((await register('Copper-Kettle-Meadow-93')).statusCode).toBe(201);
  });

  it('when a member changes their password, which stays as it was', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const before = await storedHash(m.id);
    const change = changeOwn(m, token);
    expectRefused(await change('password1'), WEAK_PASSWORD);
    const [localPart] = m.email.split('@');
    expectRefused(await change(`${localPart}-9x`), PERSONAL_PASSWORD);
    expect(await storedHash(m.id)).toBe(before);
    expect(await tokenFor(t.app, m)).toBeTruthy();
    expect((await change('Granite-Harbor-Swift-58')).statusCode).toBe(200);
  });

  it('when an admin sets a member password', async () => {
    const m = await buildMember(t.deps);
    const before = await storedHash(m.id);
    const set = (password: string) => call('PUT', `/users/${m.id}`, { password }, adminToken);
    expectRefused(await set('12345678a'), WEAK_PASSWORD);
    expect(await storedHash(m.id)).toBe(before);
    expect((await set('Velvet-Canyon-Drift-27')).statusCode).toBe(200);
    expect(await tokenFor(t.app, { ...m, password: 'Velvet-Canyon-Drift-27' })).toBeTruthy();
  });

  it('when a forgotten password is reset, and the link stays usable', async () => {
    const m = await buildMember(t.deps);
    const token = randomBytes(32).toString('base64url');
    await sqlOn(
      t.url,
      "INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
      [m.id, createHash('sha256').update(token).digest()],
    );
    const reset = (password: string) =>
      call('POST', '/pass/reset', { token, password, confirmPassword: password });
    expectRefused(await reset('qwerty123'), WEAK_PASSWORD);
    expectRefused(await reset('Test-Member-2024'), PERSONAL_PASSWORD);
    expect((await reset('Orchid-Lantern-Pike-64')).statusCode).toBe(200);
    expect(await tokenFor(t.app, { ...m, password: 'Orchid-Lantern-Pike-64' })).toBeTruthy();
  });
});

describe("the site's name and address and the account's own details are no part of a password (decision 0032)", () => {
  const register = (email: string, password: string) =>
    call('POST', '/auth/register', {
      fullname: 'Sam Auditor',
      email,
      phone: '+919876501234',
      password,
      confirmPassword: password,
      referralBy: '',
    });
  const fresh = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

  it('at registration: SocialGenX1!, the host, and Secaudit1 for a secaudit e-mail are refused; the demo passwords pass', async () => {
    expectRefused(await register(`${fresh('kim')}@example.com`, 'SocialGenX1!'), SITE_PASSWORD);
    expectRefused(await register(`${fresh('kim')}@example.com`, 'Social-Gen-X-2024'), SITE_PASSWORD);
    // The test app's address is http://localhost:<port>.
    expectRefused(await register(`${fresh('kim')}@example.com`, 'Localhost-Orbit-42'), SITE_PASSWORD);
    expectRefused(await register('secaudit@example.com', 'Secaudit1'), PERSONAL_PASSWORD);
    expectRefused(await register('qa@secaudit.dev', 'Secaudit1'), PERSONAL_PASSWORD);
    for (const pw of ['Harbor-Falcon-77', 'Copper-Willow-58', 'Lantern-Orbit-42', 'Quiet-Meadow-Lamp-71']) {
      expect((await register(`${fresh('demo')}@example.com`, pw)).statusCode).toBe(201);
    }
  });

  it('when a member changes it, an admin sets it, or a forgotten one is reset', async () => {
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const change = changeOwn(m, token);
    expectRefused(await change('SocialGenX1!'), SITE_PASSWORD);
    const domain = String(m.email.split('@')[1]).split('.')[0] ?? '';
    expectRefused(await change(`${domain}-Orbit-Lamp-9`), PERSONAL_PASSWORD);
    expectRefused(
      await call('PUT', `/users/${m.id}`, { password: 'My-SocialGenX-77' }, adminToken),
      SITE_PASSWORD,
    );
    const username = String(
      (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id])).rows[0]?.username,
    );
    expectRefused(
      await call('PUT', `/users/${m.id}`, { password: `Lamp-${username}-x` }, adminToken),
      PERSONAL_PASSWORD,
    );
    const reset = randomBytes(32).toString('base64url');
    await sqlOn(
      t.url,
      "INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')",
      [m.id, createHash('sha256').update(reset).digest()],
    );
    expectRefused(
      await call('POST', '/pass/reset', {
        token: reset,
        password: 'sgx-Orbit-Lamp-91',
        confirmPassword: 'sgx-Orbit-Lamp-91',
      }),
      SITE_PASSWORD,
    );
    expect((await change('Copper-Willow-58')).statusCode).toBe(200);
  });
});
