import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiProcessSuite } from '../../../test/api-process';
import { bearer, buildAdmin, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { type CaughtMail, startMailCatcher } from './catcher';

/**
 * The development mail catcher (decision 0038): when it runs, the production start (`npm start`'s
 * dist/main.js, no NODE_ENV, no SMTP_URL) catches what the mailer sends over real SMTP on loopback and shows
 * it in its web inbox, read back here through its JSON API.
 */
describe('when the mail catcher runs', () => {
  it('in development without SMTP_URL only; never in production, in tests, or with SMTP', () => {
    expect(loadConfig({}).mailCatcher).toEqual({ smtpPort: 1025, webPort: 1080 });
    expect(loadConfig({ MAIL_CATCHER_SMTP_PORT: '2525', MAIL_CATCHER_WEB_PORT: '2580' }).mailCatcher).toEqual(
      { smtpPort: 2525, webPort: 2580 },
    );
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mailCatcher).toBeUndefined();
    expect(loadConfig({ MAIL_CATCHER: 'false' }).mailCatcher).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).mailCatcher).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: 'production',
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
      }).mailCatcher,
    ).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_CATCHER: 'true' })).toThrow(
      /MAIL_CATCHER is for development only/,
    );
  });

  it('takes a free port when the one asked for is taken, and stops', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    const warnings: string[] = [];
    const catcher = await startMailCatcher({
      smtpPort: taken,
      webPort: 0,
      warn: (m) => warnings.push(m),
    });
    try {
      expect(catcher.smtpPort).not.toBe(taken);
      expect(warnings).toEqual([`Mail catcher: port ${taken} is taken, using a free port instead`]);
      expect((await fetch(`${catcher.inboxUrl}/api/messages`)).status).toBe(200);
    } finally {
      await catcher.close();
      blocker.close();
    }
    await expect(fetch(`${catcher.inboxUrl}/api/messages`)).rejects.toThrow();
  });
});

describe('the mailer with the catcher', () => {
  it('sends over SMTP to it, keeps the body in the admin outbox, and does not count as SMTP set up', async () => {
    const catcher = await startMailCatcher({ smtpPort: 0, webPort: 0, warn: () => undefined });
    const t = await buildTestApp({ MAIL_CATCHER: 'true', MAIL_CATCHER_SMTP_PORT: String(catcher.smtpPort) });
    try {
      expect(t.deps.mailer.usesSmtp).toBe(true);
      expect(t.deps.mailer.smtpConfigured).toBe(false);
      await t.deps.mailer.send({
        to: 'newcomer@example.com',
        subject: 'Hello',
        text: 'Your code is 424242.',
      });
      expect(catcher.messages()).toMatchObject([
        { to: ['newcomer@example.com'], subject: 'Hello', text: 'Your code is 424242.\n' },
      ]);
      const kept = await sqlOn(
        t.url,
        'SELECT body, delivered_via, status FROM mail_outbox WHERE to_address = $1',
        ['newcomer@example.com'],
      );
      expect(kept.rows).toEqual([{ body: 'Your code is 424242.', delivered_via: 'smtp', status: 'sent' }]);
      const admin = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
      const setup = await t.app.inject({ method: 'GET', url: '/api/v1/admin/setup', headers: bearer(admin) });
      expect(setup.json().items.find((i: { key: string }) => i.key === 'smtp')).toMatchObject({
        done: false,
      });
    } finally {
      await t.close();
      await catcher.close();
    }
  });
});

describe('npm start in development', () => {
  const { startApi } = apiProcessSuite('sgx-mail-catcher-');

  it('starts the mail catcher, prints its inbox, and a reset e-mail arrives there over SMTP', async () => {
    // No NODE_ENV and no SMTP_URL: the default set-up. Port 0: any free port (the start-up line tells which).
    const server = await startApi({ MAIL_CATCHER_SMTP_PORT: '0', MAIL_CATCHER_WEB_PORT: '0' });
    const inbox = /Mail inbox: +(http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
    expect(inbox, server.output()).toBeDefined();
    const email = `caught-${Date.now()}@example.com`;
    const post = (url: string, body: object) =>
      fetch(`${server.base}/api/v1${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const password = 'Keep-Amber-Tide-12';
    const reg = await post('/auth/register', {
      fullname: 'Caught Member',
      email,
      phone: '+919876543210',
      password,
      confirmPassword: password,
    });
    expect(reg.status, await reg.text()).toBe(201);
    expect((await post('/pass/forget', { email })).status).toBe(200);

    const mails = async () =>
      ((await (await fetch(`${inbox}/api/messages`)).json()) as { messages: CaughtMail[] }).messages;
    let found: CaughtMail | undefined;
    for (let i = 0; i < 50 && !found; i++) {
      found = (await mails()).find((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found, JSON.stringify(await mails())).toBeDefined();
    expect(found?.from).toContain('no-reply@socialgenx.local');
    // The inbox page shows it (escaped text, no script).
    const page = await fetch(`${inbox}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(found?.subject ?? '?');
    expect(html).not.toContain('<script');
  }, 120_000);
});
