import { expect, test, uniqueMember } from './fixtures';
import { AppShell } from './pages/AppShell';
import { apiGet, apiSignIn } from './pages/MoneyApi';
import { RegistrationPage } from './pages/RegistrationPage';
import { SignInPage } from './pages/SignInPage';

test('a visitor registers, signs out and signs in again', async ({ page }) => {
  // A phone number as people write it, with spaces and brackets (decision 0041): taken, kept in E.164.
  const member = { ...uniqueMember('signup'), phone: '+44 (7911) 123-456' };
  const registration = new RegistrationPage(page);
  const shell = new AppShell(page);

  await registration.goto();
  await registration.register(member);

  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(shell.heading('Dashboard')).toBeVisible();
  await shell.expectSignedInAs(member.fullname);

  // The session survives a reload (only the auth slice is persisted).
  await page.reload();
  await expect(shell.heading('Dashboard')).toBeVisible();

  await shell.signOut();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  const signIn = new SignInPage(page);
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await shell.expectSignedInAs(member.fullname);
});

test('an international phone number is kept in E.164 and shown formatted; a number no plan has is refused', async ({
  page,
  request,
}) => {
  const registration = new RegistrationPage(page);
  const member = uniqueMember('phone');
  await registration.goto();

  // Digits enough for the shape, but North American numbers have 10; without + the country is unknown.
  await registration.register({ ...member, phone: '+1 555 0123' });
  await expect(
    page.getByText('This is not a valid phone number: check the country code and the digits.'),
  ).toBeVisible();
  await registration.field('Phone').fill('07911 123456');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Start with + and the country code, e.g. +44 7911 123456.')).toBeVisible();
  await expect(page).toHaveURL(/\/registration$/);

  await registration.field('Phone').fill('0044 7700 900 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // A new account is greeted, not welcomed back.
  await expect(page.getByText(`Welcome, ${member.fullname}.`)).toBeVisible();

  const api = await apiSignIn(request, 'member', member.email, member.password);
  const { singleuser } = await apiGet<{ singleuser: { phone: string } }>(
    request,
    api.token,
    `/users/${api.id}`,
  );
  expect(singleuser.phone).toBe('+447700900123');
  await page.goto(`/user/profile/${api.id}`);
  await expect(page.getByText('+44 7700 900123', { exact: true })).toBeVisible();
});

test('registration shows the server message and field errors', async ({ page }) => {
  const registration = new RegistrationPage(page);
  await registration.goto('NO-SUCH-CODE');
  await expect(registration.referral).toHaveValue('NO-SUCH-CODE');

  await registration.register(uniqueMember('badref'));
  await expect(registration.error).toContainText('Invalid referral code.');
  await expect(page).toHaveURL(/\/registration/);
});

test('a wrong password shows the server message', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('member@example.com', 'not-the-password-1');
  await expect(signIn.error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
