import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminUserDetailPage } from './pages/AdminUserDetailPage';
import { AdminUsersPage } from './pages/AdminUsersPage';
import { SignInPage } from './pages/SignInPage';

/** Decision 0042: the audit trail, searched by member, kind and record, linked from the member. */
test('an owner blocks a member and finds the entry from the member page, then narrows and widens the search', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'audited');
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The owner's menu lists the trail.
  await expect(page.getByRole('link', { name: 'Audit trail' }).first()).toBeVisible();

  const users = new AdminUsersPage(page);
  const detail = new AdminUserDetailPage(page);
  await users.goto();
  await users.searchFor(member.email);
  await users.open(member.username);
  await detail.expectLoaded();
  await detail.choose(detail.status, 'Blocked');
  await detail.blockReason.fill('Chargeback under review.');
  await detail.save.click();
  await expect(detail.message).toBeVisible();

  await page.getByRole('link', { name: 'Audit trail of this member' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?member=${member.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit entries, newest first' });
  const row = table.getByRole('row').filter({ hasText: 'member.update' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Chargeback under review.');
  await expect(row).toContainText(member.username);
  await expect(page.getByTestId('audit-count')).toHaveText('Entries shown: 1');

  // Another kind: nothing; the record of the member: the entry again.
  const filters = page.getByRole('form', { name: 'Search the audit trail' });
  await filters.getByRole('textbox', { name: 'Kind' }).fill('withdrawal');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No entry matches this search.')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear' }).click();
  await filters.getByRole('textbox', { name: 'Record' }).fill(`user:${member.id}`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`record=user%3A${member.id}`));
  await expect(table.getByRole('row').filter({ hasText: 'Chargeback under review.' })).toHaveCount(1);
});
