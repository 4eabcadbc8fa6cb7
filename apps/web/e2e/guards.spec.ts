import { demoAdmin, demoMember, expect, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { SignInPage } from './pages/SignInPage';

test('a visitor opening a member page signs in and returns to it', async ({ page }) => {
  await page.goto('/user/income');
  await expect(page).toHaveURL(/\/login$/);

  await new SignInPage(page).signIn(demoMember.email, demoMember.password);
  await expect(page).toHaveURL(/\/user\/income$/);
  await expect(new AppShell(page).heading('Income')).toBeVisible();
});

test('a visitor opening the member dashboard is sent to sign in', async ({ page }) => {
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor opening an admin page is sent to the admin sign-in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin-login$/);

  await new SignInPage(page, 'admin').signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('a member opening an admin page lands on /unauthorized', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(demoMember.email, demoMember.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
});

test('an admin opening a member page lands on /unauthorized', async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
