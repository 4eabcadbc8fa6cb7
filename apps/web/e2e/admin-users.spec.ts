import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminUserDetailPage } from './pages/AdminUserDetailPage';
import { AdminUsersPage } from './pages/AdminUsersPage';
import { SignInPage } from './pages/SignInPage';

test.beforeEach(async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an admin finds a member, edits Full Name and Status, and the change sticks', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'edit');
  const users = new AdminUsersPage(page);
  const detail = new AdminUserDetailPage(page);

  await users.goto();
  await users.searchFor(member.email);
  await users.open(member.username);
  await detail.expectLoaded();
  await expect(detail.fullName).toHaveValue(member.fullname);
  await expect(detail.readOnly('Refferal Code')).not.toContainText('-');

  const newName = `${member.fullname} Edited`;
  await detail.fullName.fill(newName);
  // Readable words for users.status (the API keeps 'unblock'/'block'); a block takes the reason the member reads.
  await detail.choose(detail.status, 'Blocked');
  await detail.blockReason.fill('Your documents are being checked.');
  await detail.save.click();

  await expect(detail.message).toBeVisible();
  await expect(detail.fullName).toHaveValue(newName);

  await page.reload();
  await detail.expectLoaded();
  await expect(detail.fullName).toHaveValue(newName);
  await expect(detail.status).toHaveValue('Blocked');
  await expect(detail.blockReason).toHaveValue('Your documents are being checked.');

  // The banner clears itself after 3 seconds (spec 2.3), so it is gone after the reload as well.
  await expect(detail.message).toBeHidden();
});

test('an admin deletes a member after confirming', async ({ page, request }) => {
  const member = await registerViaApi(request, 'delete');
  const users = new AdminUsersPage(page);

  await users.goto();
  await users.searchFor(member.email);
  await users.delete(member.username);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(users.row(member.email)).toBeVisible();

  await users.delete(member.username);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(users.row(member.email)).toHaveCount(0);
});
