import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminUsersPage } from './pages/AdminUsersPage';
import { signInAdmin } from './pages/IncomeScreens';
import { apiGet } from './pages/MoneyApi';
import { adminToken } from './pages/outbox';

/**
 * Decision 0054: back-office screens follow the staff role (decision 0042), the users list is the members'
 * list, and the audit trail is searched by the names people see.
 */
const SUPPORT = { email: 'support@example.com', password: 'Copper-Willow-58' };

test('a support agent meets one "Not in your role" state outside the role, and no owner setup card', async ({
  page,
  request,
}) => {
  // Two sign-ins, each of which may wait for the next authenticator step (30 s).
  test.setTimeout(120_000);
  const setup = await apiGet<{ done: boolean }>(request, await adminToken(request), '/admin/setup');
  await signInAdmin(page, SUPPORT.email, SUPPORT.password);

  // The dashboard: the figures, without the owner's checklist or links to queues support cannot open.
  const value = (id: string) => page.getByTestId(id).getByTestId('value');
  await expect(value('stat-members')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Setup checklist' })).toHaveCount(0);
  await expect(page.getByText('Finish setting up the platform')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Review withdrawals' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Back-office menu' });
  await expect(menu.getByRole('link', { name: /^Withdrawals/ })).toHaveCount(0);

  // A money page opened by its address: one clear state, none of the page's tools, no Retry that cannot work.
  for (const path of [
    '/admin/withdrawals',
    '/admin/withdrawals?tab=payouts',
    '/admin/deposits',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not in your role' }), path).toBeVisible();
    await expect(page.getByTestId('not-in-your-role')).toContainText(
      'Your staff role does not open this page.',
    );
    await expect(page.getByRole('button', { name: /Export CSV|Retry/ }), path).toHaveCount(0);
    await expect(page.getByRole('textbox'), path).toHaveCount(0);
    await expect(page.getByText('Your staff role does not allow this.'), path).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Support's own pages open as before.
  await page.goto('/admin/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Not in your role' })).toHaveCount(0);

  // The owner still sees the checklist while the platform is not set up.
  const owner = await page.context().browser()?.newContext();
  if (owner === undefined) throw new Error('no browser');
  const ownerPage = await owner.newPage();
  await signInAdmin(ownerPage, demoAdmin.email, demoAdmin.password);
  await expect(ownerPage.getByTestId('stat-members')).toBeVisible();
  await expect(ownerPage.getByRole('region', { name: 'Setup checklist' })).toHaveCount(setup.done ? 0 : 1);
  await owner.close();
});

test('the users list holds the members the dashboard counts: no staff row, on a phone no delete for staff', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'listed');
  const stats = await apiGet<{ members: { total: number } }>(
    request,
    await adminToken(request),
    '/admin/stats',
  );
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  await expect(page.getByTestId('stat-members').getByTestId('value')).toHaveText(String(stats.members.total));

  const users = new AdminUsersPage(page);
  await users.goto();
  await expect(page.getByTestId('users-total')).toHaveText(`${stats.members.total} members`);
  // Staff accounts are not members: searched by e-mail, none is listed (they are managed under Staff).
  for (const staff of [demoAdmin.email, SUPPORT.email, 'finance@example.com']) {
    await users.search.fill(staff);
    await expect(page.getByText('No members match.')).toBeVisible();
  }

  // On a phone: each member row keeps its delete, which still asks first.
  await page.setViewportSize({ width: 390, height: 844 });
  await users.search.fill(member.email);
  await expect(users.row(member.email)).toHaveCount(1);
  await users.delete(member.username);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(users.row(member.email)).toHaveCount(1);
});

test('the audit trail is searched by username or e-mail, and a name it cannot find is said in words', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'auditname');
  const admin = await adminToken(request);
  // The owner blocks the member: an entry by the owner (found by e-mail) on the member (found by username).
  const res = await request.put(`/api/v1/users/${member.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { status: 'block', block_reason: 'e2e: named audit search' },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  await page.goto('/admin/audit');
  const filters = page.getByRole('form', { name: 'Search the audit trail' });
  const staff = filters.getByRole('textbox', { name: 'Staff member' });
  const whom = filters.getByRole('textbox', { name: 'Member', exact: true });
  const table = page.getByRole('table', { name: 'Audit entries, newest first' });

  await staff.fill(demoAdmin.email.toUpperCase());
  await whom.fill(member.username);
  await filters.getByRole('button', { name: 'Search' }).click();
  // The search applied (the whole trail shows the entry too): one entry, by the owner on the member.
  await expect(page).toHaveURL(/actor=ADMIN%40EXAMPLE\.COM/);
  await expect(page.getByTestId('audit-count')).toHaveText('Entries shown: 1');
  await expect(table.getByRole('row').filter({ hasText: 'e2e: named audit search' })).toHaveCount(1);

  await staff.fill('nobody_by_this_name');
  await filters.getByRole('button', { name: 'Search' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Check the search' });
  await expect(refused).toContainText('No account has that username, e-mail or number.');
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(filters).toContainText('No account has that username, e-mail or number.');
  await expect(page.getByText(/Invalid input|expected number|NaN/)).toHaveCount(0);
  await expect(page.getByText('No entry matches this search.')).toHaveCount(0);
});
