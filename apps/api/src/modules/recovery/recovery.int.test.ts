import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/** A real SMTP server on loopback (test/smtp.ts) that keeps what it receives. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let smtpApp: TestApp;
let outboxApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  smtpApp = await buildTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://app.example' });
  outboxApp = await buildTestApp();
});
afterAll(async () => {
  await smtpApp.close();
  await outboxApp.close();
  await smtp.close();
});

/** The text of a received mail with quoted-printable encoding undone. */
const decoded = (raw: string | undefined) =>
  (raw ?? '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const linkToken = (raw: string | undefined) =>
  /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decoded(raw))?.[1];

const post = (t: TestApp, url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: '10.7.0.1',
  });

describe('forgotten password over SMTP', () => {
  it('mails a single-use link valid for an hour, and the new password works', async () => {
    const m = await buildMember(smtpApp.deps);
    const res = await post(smtpApp, '/pass/forget', { email: m.email });
    expect(res.json()).toEqual({ message: 'If that e-mail is registered, a reset link is on its way.' });
    const mail = smtp.received.find((r) => r.to.includes(m.email));
    expect(mail).toBeDefined();
    const token = linkToken(mail?.raw);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decoded(mail?.raw)).toContain('https://app.example/reset-password');
    const stored = await sqlOn(
      smtpApp.url,
      'SELECT body, delivered_via, status FROM mail_outbox WHERE to_address = $1',
      [m.email],
    );
    expect(stored.rows).toEqual([{ body: null, delivered_via: 'smtp', status: 'sent' }]);

    const old = await tokenFor(smtpApp.app, m);
    const reset = await post(smtpApp, '/pass/reset', {
      token,
      password: 'Renewed-Copper-Fern-3',
      confirmPassword: 'Renewed-Copper-Fern-3',
    });
    expect(reset.json()).toEqual({ message: 'Password change successfuly' });
    expect(
      (await smtpApp.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(old) })).statusCode,
    ).toBe(401);
    expect(await tokenFor(smtpApp.app, { ...m, password: 'Renewed-Copper-Fern-3' })).toBeTruthy();
    const again = await post(smtpApp, '/pass/reset', {
      token,
      password: 'Another-Cobalt-Dune-6',
      confirmPassword: 'Another-Cobalt-Dune-6',
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await post(smtpApp, '/pass/forget', { email: 'nobody-here@example.com' });
    expect(res.json()).toEqual({ message: 'If that e-mail is registered, a reset link is on its way.' });
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const m = await buildMember(smtpApp.deps);
    await post(smtpApp, '/pass/forget', { email: m.email });
    const mail = smtp.received.filter((r) => r.to.includes(m.email)).at(-1);
    const token = linkToken(mail?.raw);
    await sqlOn(
      smtpApp.url,
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [m.id],
    );
    const res = await post(smtpApp, '/pass/reset', {
      token,
      password: 'Renewed-Copper-Fern-3',
      confirmPassword: 'Renewed-Copper-Fern-3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('limits requests per account', async () => {
    const m = await buildMember(smtpApp.deps);
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await post(smtpApp, '/pass/forget', { email: m.email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('e-mail OTP (outbox mode, no SMTP)', () => {
  it('keeps the mail in the outbox for admins, verifies a right code once, and limits wrong ones', async () => {
    const m = await buildMember(outboxApp.deps);
    const token = await tokenFor(outboxApp.app, m);
    expect(
      (await post(outboxApp, '/otp/send', { userId: Number(m.id), email: 'someone@else.com' }, token))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(outboxApp, '/otp/send', { userId: Number(m.id), email: m.email }, token)).statusCode,
    ).toBe(200);
    const adminToken = await tokenFor(outboxApp.app, await buildAdmin(outboxApp.deps), 'admin');
    const outbox = (await outboxApp.app.inject({ url: '/api/v1/outbox', headers: bearer(adminToken) })).json()
      .mails;
    const mail = outbox.find((x: { to: string }) => x.to === m.email);
    expect(mail).toMatchObject({ delivered_via: 'outbox', status: 'kept' });
    const code = /code is (\d{6})/.exec(mail.body)?.[1] ?? '';
    const stored = await sqlOn(outboxApp.url, 'SELECT code_hash FROM otps WHERE user_id = $1', [m.id]);
    expect(stored.rows[0]?.code_hash.toString()).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: wrong }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Wrong code.');
    expect((await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: code }, token)).json()).toEqual(
      { message: 'E-mail verified' },
    );
    const user = (await outboxApp.app.inject({ url: `/api/v1/users/${m.id}`, headers: bearer(token) })).json()
      .singleuser;
    expect(user.verify_at).toBeTruthy();
    expect(
      (await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: code }, token)).statusCode,
    ).toBe(400);

    await post(outboxApp, '/otp/send', { userId: Number(m.id), email: m.email }, token);
    for (let i = 0; i < 5; i++)
      expect(
        (await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: wrong }, token)).statusCode,
      ).toBe(400);
    const locked = await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: wrong }, token);
    expect(locked.statusCode).toBe(429);
    const other = await buildMember(outboxApp.deps);
    expect(
      (await post(outboxApp, '/otp/send', { userId: Number(other.id), email: other.email }, token))
        .statusCode,
    ).toBe(403);
  });

  it('expires a code after 5 minutes', async () => {
    const m = await buildMember(outboxApp.deps);
    const token = await tokenFor(outboxApp.app, m);
    await post(outboxApp, '/otp/send', { userId: Number(m.id), email: m.email }, token);
    await sqlOn(
      outboxApp.url,
      "UPDATE otps SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [m.id],
    );
    const res = await post(outboxApp, '/otp/verify', { userId: Number(m.id), otp: '123456' }, token);
    expect(res.json().message).toBe('The code has expired. Ask for a new one.');
  });
});
