import { expect, registerViaApi, test } from './fixtures';
import { latestMail, resetLinkOf } from './pages/outbox';
import { RecoveryModel } from './pages/RecoveryPages';
import { SignInPage } from './pages/SignInPage';

const subject = 'Reset your SocialGenX password';

test('a member resets a forgotten password from the e-mail link and signs in with the new one', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'forgot');
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const recovery = new RecoveryModel(page);
  await recovery.askForLink(member.email);
  await expect(page.getByRole('status')).toContainText(
    'If that e-mail is registered, a reset link is on its way.',
  );

  // Without SMTP the e-mail is kept in the outbox; its link opens the reset page.
  const mail = await latestMail(request, member.email, subject);
  const link = resetLinkOf(mail);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  await recovery.choosePassword('N3w-secret-2024', 'N3w-secret-2025');
  await expect(recovery.resetForm).toContainText('Passwords do not match.');
  await recovery.choosePassword('N3w-secret-2025');
  await expect(page.getByRole('status')).toHaveText('Password change successfuly');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await signIn.signIn(member.email, member.password);
  await expect(signIn.error).toBeVisible();
  await signIn.signIn(member.email, 'N3w-secret-2025');
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await recovery.choosePassword('An0ther-secret-1');
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('the forgot-password answer is the same for an unknown e-mail, and a failed call shows User Not Found', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  const recovery = new RecoveryModel(page);
  await recovery.askForLink(`nobody.${Date.now()}@example.com`);
  await expect(page.getByRole('status')).toContainText(
    'If that e-mail is registered, a reset link is on its way.',
  );

  await page.route('**/api/v1/pass/forget', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
  );
  await page.reload();
  await recovery.askForLink('someone@example.com');
  await expect(page.getByRole('alert')).toHaveText('User Not Found');
});
