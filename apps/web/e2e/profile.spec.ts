import { expect, registerViaApi, test } from './fixtures';
import { ProfilePage } from './pages/ProfilePage';
import { SignInPage } from './pages/SignInPage';

test('a member edits their details and payout address, and changes their password', async ({
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

  // A malformed address is refused before anything is sent.
  await profile.detailField('BEP20 payout address').fill('0x1234');
  await profile.details.getByRole('button', { name: 'Save details' }).click();
  await expect(profile.details).toContainText('Enter a valid BEP20 address');

  const bep20 = '0x52908400098527886E0F7030069857D2E4169EE7';
  await profile.detailField('BEP20 payout address').fill(bep20);
  await profile.detailField('Address').fill('1 Market Street, Springfield');
  await profile.details.getByRole('button', { name: 'Save details' }).click();
  const saved = profile.dialog('Successful');
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Go back' }).click();
  await expect(saved).toBeHidden();

  await page.reload();
  await expect(profile.detailField('BEP20 payout address')).toHaveValue(bep20);
  await expect(profile.detailField('Address')).toHaveValue('1 Market Street, Springfield');

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
