import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoAdmin, expect, test } from './fixtures';
import { SignInPage } from './pages/SignInPage';
import { nextAppCode } from './pages/secondFactor';
import { WebhooksScreen } from './pages/WebhooksScreen';

/**
 * Decision 0072: an owner adds a webhook endpoint pointing at a receiver this spec runs on loopback (allowed outside
 * production), sends a test ping, reads it in the delivery log, and redelivers it: the receiver gets the same event
 * id twice, each request signed with the secret shown once. Then the endpoint is deleted after a confirmation.
 */
type Got = { body: string; signature: string };

async function receiver() {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['x-sgx-signature']),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's check, as docs/webhooks.md shows it. */
function signedWith(secret: string, g: Got): boolean {
  const parts = g.signature.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${g.body}`).digest();
  return parts.some(([k, v]) => k === 'v1' && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

test('an owner adds an endpoint, pings it, reads the delivery log and redelivers', async ({ page }) => {
  test.setTimeout(120_000);
  const r = await receiver();
  try {
    const signIn = new SignInPage(page, 'admin');
    await signIn.goto();
    await signIn.signIn(demoAdmin.email, demoAdmin.password);
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    const hooks = new WebhooksScreen(page);
    const secret = await hooks.create(
      r.url,
      ['Support ticket opened', 'Deposit credited'],
      'e2e receiver',
      await nextAppCode(demoAdmin.email),
    );
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(hooks.row(r.url)).toContainText('On');
    await expect(hooks.row(r.url)).toContainText('Events: 2');

    await hooks.action(r.url, 'Send test ping');
    await expect(page.getByText('Test ping queued')).toBeVisible();
    await expect.poll(() => r.got.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const ping = JSON.parse(r.got[0]?.body ?? '{}') as { id: string; type: string };
    expect(ping.type).toBe('ping');
    expect(signedWith(secret, r.got[0] as Got)).toBe(true);

    await hooks.action(r.url, 'Delivery log');
    await expect(hooks.log).toContainText(`Delivery log: ${r.url}`);
    const first = hooks.attempts().first();
    await expect(first).toContainText('200');
    await expect(first).toContainText('received by the e2e receiver');
    await expect(first).toContainText('Test ping');
    await hooks.log
      .getByRole('button', { name: `Redeliver ${ping.id}` })
      .first()
      .click();
    await expect(page.getByText('Redelivery queued')).toBeVisible();
    await expect.poll(() => r.got.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect((JSON.parse(r.got[1]?.body ?? '{}') as { id: string }).id).toBe(ping.id);
    expect(signedWith(secret, r.got[1] as Got)).toBe(true);
    await expect(hooks.attempts()).toHaveCount(2);
    await expect(hooks.attempts().first()).toContainText('by hand');

    await hooks.remove(r.url);
  } finally {
    await r.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an owner adds an endpoint, edits its events, disables and enables it, and deletes it after confirming', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const signIn = new SignInPage(page, 'admin');
    await signIn.goto();
    await signIn.signIn(demoAdmin.email, demoAdmin.password);
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const hooks = new WebhooksScreen(page);
    const url = `http://127.0.0.1:9/phone-${Date.now()}`;
    const secret = await hooks.create(url, ['Plan activated'], 'phone', await nextAppCode(demoAdmin.email));
    expect(secret).toMatch(/^whsec_/);
    await expect(hooks.row(url)).toContainText('Events: 1');
    await hooks.addEvents(url, ['Deposit credited']);
    await expect(hooks.row(url)).toContainText('Events: 2');
    await hooks.action(url, 'Disable');
    await expect(hooks.row(url)).toContainText('Off');
    await expect(hooks.row(url)).toContainText('Disabled by an owner.');
    await expect(hooks.endpoints.getByRole('button', { name: `Send test ping ${url}` })).toBeDisabled();
    await hooks.action(url, 'Enable');
    await expect(hooks.row(url)).toContainText('On');
    await hooks.action(url, 'Delivery log');
    await expect(hooks.log.getByText('Nothing sent yet.')).toBeVisible();
    await hooks.remove(url);
  });
});
