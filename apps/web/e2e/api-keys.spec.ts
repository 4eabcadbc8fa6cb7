import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { ApiKeysScreen } from './pages/ApiKeysScreen';
import { apiSignIn } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';
import { enrolApi, nextAppCode } from './pages/secondFactor';

/**
 * Decision 0071: an owner makes an API key in the back-office with the authenticator code, copies the secret shown
 * once, calls the API with it (within its scope, refused outside), and revokes it: the next call is refused.
 */
test('an owner makes an API key, calls the API with it, and revokes it', async ({ page, request }) => {
  // The owner's next app code may be a time step (30 s) away.
  test.setTimeout(120_000);
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await page.getByRole('link', { name: 'API keys' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const keys = new ApiKeysScreen(page, 'staff');
  const name = `Accounting ${Date.now()}`;
  const secret = await keys.create(name, ['Money: Read'], await nextAppCode(demoAdmin.email));
  expect(secret).toMatch(/^sgx_[A-Za-z0-9_-]{43}$/);
  await expect(keys.row(name)).toContainText(secret.slice(0, 12));
  await expect(keys.row(name)).toContainText('money:read');
  // The secret is not on the page any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  const headers = { authorization: `Bearer ${secret}` };
  const read = await request.get('/api/v1/deposite/list', { headers });
  expect(read.status()).toBe(200);
  const outside = await request.get('/api/v1/admin/audit', { headers });
  expect(outside.status()).toBe(403);
  expect(await outside.json()).toEqual({
    message: "This API key's scopes do not allow this.",
    code: 'FORBIDDEN',
  });

  await keys.revoke(name);
  const after = await request.get('/api/v1/deposite/list', { headers });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ message: 'This API key has been revoked.', code: 'UNAUTHENTICATED' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member makes a read-only key on the Security page: it reads their balances and nothing else', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const member = await registerViaApi(request, 'apikey');
    const { token } = await apiSignIn(request, 'member', member.email, member.password);
    await enrolApi(request, member.email, token, member.password);
    const signIn = new SignInPage(page, 'member');
    await signIn.goto();
    await signIn.signIn(member.email, member.password);
    await page.goto('/user/security');
    const keys = new ApiKeysScreen(page, 'member');
    await expect(keys.panel.getByText('No API keys yet.')).toBeVisible();
    const secret = await keys.create('Portfolio tracker', [], await nextAppCode(member.email));
    await expect(keys.row('Portfolio tracker')).toContainText('Active');

    const headers = { authorization: `Bearer ${secret}` };
    const balances = await request.get(`/api/v1/tr/wallet/${member.id}`, { headers });
    expect(balances.status()).toBe(200);
    const write = await request.post('/api/v1/api-keys', { headers, data: { name: 'x', code: '123456' } });
    expect(write.status()).toBe(403);

    await keys.revoke('Portfolio tracker');
    expect((await request.get(`/api/v1/tr/wallet/${member.id}`, { headers })).status()).toBe(401);
  });
});
