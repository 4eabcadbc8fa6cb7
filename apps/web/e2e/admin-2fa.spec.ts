import type { Page } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { payoutAddressNow } from './pages/ApprovalPages';
import { AppShell } from './pages/AppShell';
import { WithdrawalPage } from './pages/MemberMoneyPages';
import { apiPost, apiSignIn, walletOf } from './pages/MoneyApi';
import { adminToken } from './pages/outbox';
import { SignInPage } from './pages/SignInPage';
import {
  codeFor,
  enrolApi,
  entryOf,
  nextAppCode,
  rememberEnrolment,
  setRecoveryCodes,
  stepAt,
} from './pages/secondFactor';

/**
 * Two-factor sign-in (decision 0023). This file sorts before the other admin specs, so the demo admin enrols here,
 * through the page, with a code computed from the secret the page shows; the secret is stored for the later
 * specs' sign-ins (e2e/pages/secondFactor.ts).
 */

/** The session's bearer token, as the app keeps it. */
async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const stored = window.localStorage.getItem('persist:auth');
    if (stored === null) return null;
    return (JSON.parse((JSON.parse(stored) as { auth: string }).auth) as { token: string } | null)?.token;
  });
  if (typeof token !== 'string') throw new Error('no session stored');
  return token;
}

/** A 6-digit code that is none of the valid ones around now. */
function wrongCode(secret: string): string {
  const now = stepAt();
  const valid = new Set([now - 1, now, now + 1].map((s) => codeFor(secret, s)));
  for (let n = 123456; ; n++) {
    const code = String(n);
    if (!valid.has(code)) return code;
  }
}

test('an admin sets up two-factor at the first sign-in, and needs a fresh code at the next', async ({
  page,
}) => {
  const signIn = new SignInPage(page, 'admin');
  const shell = new AppShell(page);
  await signIn.goto();
  await signIn.submitPassword(demoAdmin.email, demoAdmin.password);

  // Taken to the enrolment; the back-office does not open, in the browser or through the API.
  await expect(page).toHaveURL(/\/two-factor\/setup$/);
  await expect(signIn.enrolHeading).toBeVisible();
  // No way into the back-office is offered before the second factor is done.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/two-factor\/setup$/);
  const refused = await page.request.get('/api/v1/users/list', {
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');

  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(signIn.secretKey).toHaveValue(/^[A-Z2-7]{16,}=*$/);
  const secret = await signIn.secretKey.inputValue();

  // A wrong code is refused.
  await signIn.code.fill(wrongCode(secret));
  await signIn.turnOn.click();
  await expect(signIn.error).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor\/setup$/);

  // The code the app would show for that secret turns it on; the recovery codes are shown once.
  const step = stepAt();
  const code = codeFor(secret, step);
  await signIn.code.fill(code);
  await signIn.turnOn.click();
  await expect(signIn.recoveryCodes).toHaveCount(10);
  const recoveryCodes = (await signIn.recoveryCodes.allInnerTexts()).map((c) => c.trim());
  rememberEnrolment(demoAdmin.email, secret, recoveryCodes, step);
  await expect(page.getByRole('button', { name: 'Download .txt' })).toBeVisible();
  await signIn.savedThem.click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(shell.heading('Dashboard')).toBeVisible();

  // Signed out, the next sign-in asks for a code, and the code used a moment ago is refused.
  await shell.signOut();
  await expect(page).toHaveURL(/\/admin-login$/);
  await signIn.submitPassword(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(signIn.codeHeading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(signIn.code).toHaveAttribute('autocomplete', 'one-time-code');
  await signIn.code.fill(code);
  await signIn.verify.click();
  await expect(signIn.error).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor$/);

  // A code not used yet (or a recovery code, if the steps around now are used up) lets the admin in.
  await signIn.enterCode(demoAdmin.email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(shell.heading('Dashboard')).toBeVisible();

  // The admin's security page: on, and it cannot be turned off.
  await page.goto('/admin/security');
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toHaveCount(0);
});

test('a member turns on two-factor on the security page, then signs in with a code or a recovery code', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'twofactor');
  const signIn = new SignInPage(page);
  const shell = new AppShell(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/user\/security$/);
  await expect(shell.heading('Security')).toBeVisible();
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  // Another session of the member (another device), which turning two-factor on ends.
  const { token: otherDevice } = await apiSignIn(request, 'member', member.email, member.password);
  await section.getByRole('button', { name: 'Turn on two-factor' }).click();

  // The session alone is not enough: the password is asked, and a wrong one is refused.
  const secret = await signIn.secretKey.inputValue();
  const password = section.getByRole('textbox', { name: 'Password', exact: true });
  await signIn.code.fill(codeFor(secret, stepAt()));
  await signIn.turnOn.click();
  await expect(section.getByText('Enter your password.')).toBeVisible();
  await password.fill('Not-The-Password-1');
  await signIn.turnOn.click();
  await expect(section.getByRole('alert')).toContainText('Your password is not correct.');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();

  const step = stepAt();
  await signIn.code.fill(codeFor(secret, step));
  await password.fill(member.password);
  await signIn.turnOn.click();
  await expect(signIn.recoveryCodes).toHaveCount(10);
  await expect(page.getByText(/your other sessions are signed out/)).toBeVisible();
  const ended = await request.get('/api/v1/auth/2fa', {
    headers: { Authorization: `Bearer ${otherDevice}` },
  });
  expect(ended.status()).toBe(401);
  const recoveryCodes = (await signIn.recoveryCodes.allInnerTexts()).map((c) => c.trim());
  rememberEnrolment(member.email, secret, recoveryCodes, step);
  await signIn.savedThem.click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');

  // The next sign-in asks for the code, then opens the dashboard: a sign-out the member asked for does not
  // send the next sign-in back to their last page (on a shared phone it may be someone else's).
  await shell.signOut();
  await expect(page).toHaveURL(/\/login$/);
  await signIn.submitPassword(member.email, member.password);
  await expect(page).toHaveURL(/\/two-factor$/);
  await signIn.enterCode(member.email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/security');

  // A recovery code works once instead of the app's code.
  await shell.signOut();
  await signIn.submitPassword(member.email, member.password);
  await expect(signIn.codeHeading).toBeVisible();
  await signIn.useRecoveryCode.click();
  const [recovery = '', ...rest] = entryOf(member.email)?.recoveryCodes ?? [];
  await signIn.recoveryCode.fill(recovery);
  setRecoveryCodes(member.email, rest);
  await signIn.verify.click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/security');
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left.');
});

test('a member with two-factor on confirms a withdrawal with a code from the app', async ({
  page,
  request,
}) => {
  // The app's next code may be a time step (30 s) away.
  test.setTimeout(90_000);
  const member = await registerViaApi(request, 'twofactorpay');
  const admin = await adminToken(request);
  await payoutAddressNow(request, admin, member.id);
  await apiPost(request, admin, '/tr/create', {
    user_id: member.id,
    amount: '100',
    direction: 'credit',
    wallet: 'working',
    reason: 'e2e: two-factor withdrawal',
  });
  // Two-factor on through the API (enrolment, its first code and the password), the secret kept for the sign-ins.
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  await enrolApi(request, member.email, token, member.password);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const withdrawal = new WithdrawalPage(page);
  await withdrawal.goto();
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(code).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('25');
  await expect(page.getByTestId('quote-net')).toContainText('22.50');

  // Without a code the form asks for it; a wrong one is refused by the server.
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm withdrawal' })).toHaveCount(0);
  const secret = entryOf(member.email)?.secret ?? '';
  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await confirm.getByRole('button', { name: 'Request withdrawal', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText('That code is not valid.');
  await confirm.getByRole('button', { name: 'Go back' }).click();
  // The dialog closes with a transition: wait until it is gone before the form's button is asked for again.
  await expect(confirm).toHaveCount(0);

  // The app's current code: the request is made.
  await code.fill(await nextAppCode(member.email));
  await withdrawal.request('25', '22.50');
  await expect(page.getByRole('cell', { name: '$25.00' }).first()).toBeVisible();
  await expect(code).toHaveValue('');
});

test('a member with two-factor on confirms a transfer to another member with a code from the app', async ({
  page,
  request,
}) => {
  // The app's next code may be a time step (30 s) away.
  test.setTimeout(90_000);
  const member = await registerViaApi(request, 'twofactorsend');
  const friend = await registerViaApi(request, 'twofactorgets');
  const admin = await adminToken(request);
  await apiPost(request, admin, '/tr/create', {
    user_id: member.id,
    amount: '50',
    direction: 'credit',
    wallet: 'deposit',
    reason: 'e2e: two-factor transfer',
  });
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  await enrolApi(request, member.email, token, member.password);
  const friendToken = (await apiSignIn(request, 'member', friend.email, friend.password)).token;
  const friendDeposit = async () => (await walletOf(request, friendToken, friend.id)).deposit;
  expect(await friendDeposit()).toBe('0.00000000');

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/topup?tab=transfer');
  const form = page.getByRole('form', { name: 'Transfer to a member' });
  const code = form.getByRole('textbox', { name: 'Authenticator code' });
  await expect(code).toBeVisible();
  await form.getByRole('textbox', { name: 'Send to', exact: true }).fill(friend.username);
  await expect(form.getByText(`${friend.fullname} · ${friend.username}`)).toBeVisible();
  await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('20');

  // Without a code the form asks for it and nothing is sent; a wrong one is refused by the server.
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(form.getByText('Enter the code from your authenticator app.')).toBeVisible();
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(confirm).toHaveCount(0);
  await code.fill(wrongCode(entryOf(member.email)?.secret ?? ''));
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await confirm.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText('That code is not valid.');
  expect(await friendDeposit()).toBe('0.00000000');
  await confirm.getByRole('button', { name: 'Go back' }).click();

  // The app's current code: the transfer goes through once.
  await code.fill(await nextAppCode(member.email));
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await confirm.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Transfer successful')).toBeVisible();
  expect(await friendDeposit()).toBe('20.00000000');
});
