import { expect, registerViaApi, test } from './fixtures';
import { ProfilePage } from './pages/ProfilePage';
import { SignInPage } from './pages/SignInPage';

test('a member edits their details, is refused a malformed payout address, and changes their password', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'profile');
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const profile = new ProfilePage(page);
  await profile.goto(member.id);
  await expect(profile.detailField('Full name')).toHaveValue(member.fullname);
  // Payout addresses are no longer part of the details form (decision 0025): they have their own section.
  await expect(profile.details.getByRole('textbox', { name: /payout address/ })).toHaveCount(0);

  await profile.detailField('Address').fill('1 Market Street, Springfield');
  await profile.details.getByRole('button', { name: 'Save details' }).click();
  const saved = profile.dialog('Successful');
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Go back' }).click();
  await expect(saved).toBeHidden();
  await page.reload();
  await expect(profile.detailField('Address')).toHaveValue('1 Market Street, Springfield');

  // A malformed payout address is refused before anything is sent (payout-address.spec changes one).
  await expect(profile.payoutCurrent('BEP20')).toContainText('Not set');
  await profile.fillPayoutChange('BEP20', '0x1234', member.password);
  await profile.payoutForm.getByRole('button', { name: 'Change address' }).click();
  await expect(profile.payoutForm).toContainText('Enter a valid EVM address');
  await expect(profile.payoutForm).toContainText('Send a code to your e-mail and enter it.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await profile.passwordField('Current password').fill(member.password);
  await profile.passwordField('New password').fill('N3w-password-99');
  await profile.passwordField('Confirm new password').fill('N3w-password-99');
  await profile.password.getByRole('button', { name: 'Change password' }).click();
  await expect(profile.dialog('Successful')).toContainText('Password change successfuly');
});

test("a member opening another member's profile sees the refusal", async ({ page, request }) => {
  const member = await registerViaApi(request, 'nosy');
  const other = await registerViaApi(request, 'other');
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await new ProfilePage(page).goto(other.id);
  await expect(page.getByRole('alert')).toContainText('Profile unavailable');
  await expect(page.getByText(other.email)).toHaveCount(0);
});
