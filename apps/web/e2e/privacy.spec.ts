import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, registerViaApi, test } from './fixtures';
import { apiSignIn } from './pages/MoneyApi';
import { PrivacyScreen } from './pages/PrivacyScreen';
import { SignInPage } from './pages/SignInPage';
import { enrolApi, entryOf, nextAppCode, wrongCode } from './pages/secondFactor';

/**
 * Members' data rights (decision 0077): a member downloads a copy of their data from "Your data" (reached from the
 * profile), a zip with a JSON and a CSV file per table; a member with nothing owed closes the account and can no
 * longer sign in; with two-factor on, the authenticator code is asked as well and a wrong one closes nothing.
 */

test('a member downloads a zip of their data from the profile', async ({ page, request }) => {
  const member = await registerViaApi(request, 'mydata');
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto(`/user/profile/${member.id}`);
  await page.getByTestId('privacy-profile-link').click();
  await expect(page).toHaveURL(/\/user\/privacy$/);
  const screen = new PrivacyScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();

  const download = await screen.downloadCopy(member.password);
  expect(download.suggestedFilename()).toMatch(/^socialgenx-my-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const names = Object.keys(files);
  for (const table of [
    'profile',
    'ledger_accounts',
    'ledger_transactions',
    'ledger_entries',
    'deposits',
    'withdrawals',
    'transfers',
    'tickets',
    'ticket_responses',
    'notifications',
    'member_events',
    'sessions',
  ]) {
    expect(names).toContain(`${table}.json`);
    expect(names).toContain(`${table}.csv`);
  }
  expect(names).toContain('README.txt');
  const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
  expect(profile).toMatchObject([{ email: member.email, fullname: member.fullname }]);
});

test('a member with nothing owed closes the account and can no longer sign in', async ({ page, request }) => {
  const member = await registerViaApi(request, 'leaving');
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const screen = new PrivacyScreen(page);
  await screen.goto();
  await expect(screen.blockers).toHaveCount(0);
  await screen.closeAccount(member.password);
  await expect(page).toHaveURL(/\/login$/);

  await signIn.submitPassword(member.email, member.password);
  await expect(signIn.error.first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

/** A 6-digit code the server takes for no step now (current +/- 1). */
test('a member with two-factor on closes the account only with the authenticator code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerViaApi(request, 'leaving2fa');
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  await enrolApi(request, member.email, token, member.password);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const screen = new PrivacyScreen(page);
  await screen.goto();
  await expect(screen.blockers).toHaveCount(0);
  // The password alone does not close it: the code is asked for.
  await screen.closePassword.fill(member.password);
  await screen.confirmation.fill('CLOSE MY ACCOUNT');
  await expect(screen.closeCode).toBeVisible();
  await expect(screen.close).toBeDisabled();

  // A wrong code: refused by the server, still signed in on the page.
  await screen.closeAccount(member.password, wrongCode(entryOf(member.email)?.secret ?? ''));
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid.' })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/privacy$/);

  // The app's code: closed, signed out, and the password no longer signs in.
  await screen.closeAccount(member.password, await nextAppCode(member.email));
  await expect(page).toHaveURL(/\/login$/);
  await signIn.submitPassword(member.email, member.password);
  await expect(signIn.error.first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
