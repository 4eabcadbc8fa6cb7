import type { Page } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { SignInPage } from './pages/SignInPage';

// A session that ended without the member asking says so on the sign-in page and, once signed in
// again, returns to the page they were on; a sign-out asked for says nothing.
const ended = 'Your session ended. Please sign in again.';

/** The session's token, as the app keeps it (redux-persist's auth slice in local storage). */
function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('persist:auth');
    if (stored === null) return null;
    const auth = JSON.parse((JSON.parse(stored) as { auth: string }).auth) as { token: string } | null;
    return auth?.token ?? null;
  });
}

async function signInAt(page: Page, area: 'member' | 'admin', email: string, password: string) {
  const signIn = new SignInPage(page, area);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
  return signIn;
}

test('signing out in another tab ends the session here: told on sign-in, then back on the page it was on', async ({
  context,
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'ended-tab');
  const signIn = await signInAt(page, 'member', member.email, member.password);
  await page.goto('/user/income?tab=team');
  await expect(new AppShell(page).heading('Income')).toBeVisible();

  // A second tab of the same browser signs out, as the member asked there: that tab says nothing.
  const other = await context.newPage();
  await other.goto('/user/dashboard');
  await new AppShell(other).signOut();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(other.getByText(ended)).toHaveCount(0);

  // The first tab, without a click: to sign-in, told why.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: ended })).toBeVisible();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/income\?tab=team$/);
  await expect(page.getByText(ended)).toHaveCount(0);
  await other.close();
});

test('a session the server no longer accepts (401) says so, and signing in returns to the page with its query', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'ended-401');
  const signIn = await signInAt(page, 'member', member.email, member.password);
  await page.goto('/user/withdrawal?from=e2e#history');
  await expect(new AppShell(page).heading('Withdrawal')).toBeVisible();

  // The session is ended on the server (as when revoked or expired there); the app still holds it.
  const token = await storedToken(page);
  expect(token).not.toBeNull();
  const out = await request.get('/api/v1/auth/signout', { headers: { Authorization: `Bearer ${token}` } });
  expect(out.ok()).toBe(true);

  // Its next call is refused: the app ends the session, says so, and keeps the page to go back to.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ended)).toBeVisible();
  // A reload of the sign-in page still says it (kept for this tab).
  await page.reload();
  await expect(page.getByText(ended)).toBeVisible();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/withdrawal\?from=e2e#history$/);

  // Signed in again, the next visit to sign-in says nothing.
  await new AppShell(page).signOut();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ended)).toHaveCount(0);
});

test('an expired session says so too', async ({ page, request }) => {
  const member = await registerViaApi(request, 'ended-expired');
  await signInAt(page, 'member', member.email, member.password);
  await page.goto('/user/income?tab=details');
  await expect(new AppShell(page).heading('Income')).toBeVisible();
  // The session's end, as the app keeps it, passes.
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
    stored.expireAt = JSON.stringify(new Date(Date.now() - 1000).toISOString());
    window.localStorage.setItem('persist:auth', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ended)).toBeVisible();
  await new SignInPage(page).signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/income\?tab=details$/);
});

test('a sign-out asked for says nothing of an ended session', async ({ page, request }) => {
  const member = await registerViaApi(request, 'signout-plain');
  await signInAt(page, 'member', member.email, member.password);
  await page.goto('/user/income?tab=team');
  await new AppShell(page).signOut();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(ended)).toHaveCount(0);
  // Signed in again, the member goes to the dashboard, not to where they signed out.
  await new SignInPage(page).signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('an admin whose session the server ended is told on the admin sign-in and returns to the page', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const signIn = await signInAt(page, 'admin', demoAdmin.email, demoAdmin.password);
  await page.goto('/admin/users?search=e2e');
  await expect(new AppShell(page).heading('Users')).toBeVisible();
  const token = await storedToken(page);
  const out = await request.get('/api/v1/auth/signoutadmin', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(out.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText(ended)).toBeVisible();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/users\?search=e2e$/);
});
