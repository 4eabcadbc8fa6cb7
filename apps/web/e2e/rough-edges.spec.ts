import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin, expect, test } from './fixtures';
import { AdminUserDetailPage } from './pages/AdminUserDetailPage';
import {
  approveAsSecondAdmin,
  expectWaitingIn,
  type PendingApproval,
  payoutAddressNow,
} from './pages/ApprovalPages';
import { addAmounts, apiGet, apiPost, apiSignIn, walletOf } from './pages/MoneyApi';
import {
  AdminTicketStatus,
  type ApiMember,
  buyPlanViaApi,
  creditViaApi,
  memberViaApi,
  priceText,
} from './pages/RoughEdges';
import { SignInPage } from './pages/SignInPage';

/**
 * Decision 0021, "the rough edges": prices with the token's decimals, declined requests showing nothing paid,
 * entry counts that match the rows, a plan change that shows the rate change, a confirmation with before and
 * after on an admin balance edit, and a ticket closed in one step.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function signInAs(page: Page, area: 'member' | 'admin', email: string, password: string) {
  const signIn = new SignInPage(page, area);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
}

/**
 * One sponsor for the file (registrations are rate limited per address): holds Silver (1,000 at 0.6%),
 * has a direct who bought Bronze (so one direct income of $5), 100 on Working and a BEP20 payout address.
 */
let shared: Promise<ApiMember> | undefined;
function sponsorOnce(request: APIRequestContext): Promise<ApiMember> {
  shared ??= (async () => {
    const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
    const sponsor = await memberViaApi(request, 'edges');
    await payoutAddressNow(request, admin.token, sponsor.id);
    await creditViaApi(request, admin.token, sponsor.id, 'deposit', '1200');
    await creditViaApi(request, admin.token, sponsor.id, 'working', '100');
    await buyPlanViaApi(request, sponsor, 'Silver');
    const direct = await memberViaApi(request, 'edges-direct', sponsor.code);
    await creditViaApi(request, admin.token, direct.id, 'deposit', '100');
    await buyPlanViaApi(request, direct, 'Bronze');
    return sponsor;
  })();
  return shared;
}

test('the admin dashboard shows the SGX price with the token decimals', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const stats = await apiGet<{ token_price: string | null }>(request, admin.token, '/admin/stats');
  expect(stats.token_price).not.toBeNull();
  const price = stats.token_price ?? '';
  await signInAs(page, 'admin', demoAdmin.email, demoAdmin.password);
  const shown = page.getByTestId('stat-token-price').getByTestId('value');
  await expect(shown).toHaveText(priceText(price));
  // The demo token trades at fractions of a cent: never rounded to "0.01".
  await expect(shown).not.toHaveText(/^\$?0\.01$/);
  expect(priceText(price)).toMatch(/^\$0\.00\d+$/);
});

test('declined and cancelled withdrawals show nothing paid, for the member and the admin', async ({
  page,
  browser,
  request,
}) => {
  const sponsor = await sponsorOnce(request);
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  type W = { withdrawal: { id: number; net: string } };
  const declined = await apiPost<W>(request, sponsor.token, '/withdrawalrequest/add', {
    user_id: sponsor.id,
    amount: '20',
  });
  const cancelled = await apiPost<W>(request, sponsor.token, '/withdrawalrequest/add', {
    user_id: sponsor.id,
    amount: '30',
  });
  const before = await walletOf(request, sponsor.token, sponsor.id);
  await apiPost(
    request,
    admin.token,
    `/withdrawalrequest/${declined.withdrawal.id}`,
    { status: 'decline', user_id: sponsor.id, note: 'e2e: declined' },
    'PUT',
  );
  const del = await request.delete(`/api/v1/withdrawalrequest/${cancelled.withdrawal.id}`, {
    headers: { Authorization: `Bearer ${sponsor.token}` },
  });
  expect(del.ok(), await del.text()).toBe(true);
  // Both amounts went back to Working.
  const after = await walletOf(request, sponsor.token, sponsor.id);
  expect(after.working).toBe(addAmounts(before.working, '50'));

  await signInAs(page, 'member', sponsor.email, sponsor.password);
  await page.goto('/user/withdrawal');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal' })).toBeVisible();
  const declinedRow = page.locator('tbody tr').filter({ hasText: `#${declined.withdrawal.id}` });
  await expect(declinedRow).toContainText('Declined: nothing paid, the amount went back to your wallet');
  // The net ($18.00) is not shown as paid.
  await expect(declinedRow).not.toContainText('$18.00');
  const cancelledRow = page.locator('tbody tr').filter({ hasText: `#${cancelled.withdrawal.id}` });
  await expect(cancelledRow).toContainText('Cancelled: nothing paid, the amount went back to your wallet');
  await expect(cancelledRow).not.toContainText('$27.00');

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin', demoAdmin.email, demoAdmin.password);
  await adminPage.goto('/admin/withdrawals');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await adminPage.getByRole('textbox', { name: 'Search withdrawals' }).fill(sponsor.username);
  const status = adminPage.getByRole('combobox', { name: 'Status', exact: true });
  await status.click();
  await adminPage.getByRole('option', { name: 'Declined', exact: true }).click();
  const adminRow = adminPage.locator('tbody tr').filter({ hasText: `#${declined.withdrawal.id}` });
  await expect(adminRow).toContainText("Declined: nothing paid, the amount went back to the member's wallet");
  await expect(adminRow).not.toContainText('$18.00');
  await adminContext.close();
});

test('the income list counts the rows it shows', async ({ page, request }) => {
  const sponsor = await sponsorOnce(request);
  // Three credits (two adjustments and the direct income), of which one is income.
  const credits = await apiGet<{ total: number }>(
    request,
    sponsor.token,
    `/tr/user/${sponsor.id}?transaction_type=credit`,
  );
  expect(credits.total).toBeGreaterThanOrEqual(3);

  await signInAs(page, 'member', sponsor.email, sponsor.password);
  await page.goto('/user/income?tab=details');
  await expect(page.getByRole('combobox', { name: 'Income type' })).toBeVisible();
  const rows = page.locator('main tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Direct income');
  await expect(page.getByTestId('list-total')).toHaveText('1 entry');

  const type = page.getByRole('combobox', { name: 'Income type' });
  await type.click();
  await page.getByRole('option', { name: 'Direct income', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('list-total')).toHaveText('1 entry');
  await type.click();
  await page.getByRole('option', { name: 'ROI income', exact: true }).click();
  await expect(page.getByText('No income of this kind yet.')).toBeVisible();
  await expect(page.getByTestId('list-total')).toHaveText('0 entries');
});

test('buying Bronze while holding Silver shows the daily rate, ROI and cap before and after', async ({
  page,
  request,
}) => {
  const sponsor = await sponsorOnce(request);
  await signInAs(page, 'member', sponsor.email, sponsor.password);
  await page.goto('/user/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy Bronze', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy plan' });
  await expect(dialog).toBeVisible();
  // Silver 1,000 at 0.6%: $6.00 a day, cap $3,000; with Bronze's 100 at 0.5%: $5.50 a day, cap $3,300.
  await expect(dialog.getByTestId('plan-change-daily-rate')).toHaveText(/Daily rate\s*0\.6%\s*0\.5%/);
  await expect(dialog.getByTestId('plan-change-daily-roi')).toHaveText(/Daily ROI\s*\$6\.00\s*\$5\.50/);
  await expect(dialog.getByTestId('plan-change-earning-cap')).toHaveText(
    /Earning cap\s*\$3,000\.00\s*\$3,300\.00/,
  );
  await expect(dialog.getByTestId('plan-change-rate-drop')).toContainText(
    'Your daily rate drops from 0.6% to 0.5%',
  );
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();

  // A plan with a higher rate warns of no drop.
  await page.getByRole('button', { name: 'Buy Gold', exact: true }).click();
  await expect(dialog.getByTestId('plan-change-daily-rate')).toHaveText(/Daily rate\s*0\.6%\s*0\.7%/);
  await expect(dialog.getByTestId('plan-change-rate-drop')).toHaveCount(0);
});

test('an admin balance edit asks for confirmation with before, after and the difference', async ({
  page,
  request,
}) => {
  const sponsor = await sponsorOnce(request);
  const before = (await walletOf(request, sponsor.token, sponsor.id)).deposit;
  expect(before).toBe('200.00000000');
  await signInAs(page, 'admin', demoAdmin.email, demoAdmin.password);
  await page.goto(`/admin/check/profile/${sponsor.id}`);
  const detail = new AdminUserDetailPage(page);
  await detail.expectLoaded();
  const balance = detail.form.getByRole('spinbutton', { name: 'Business Balance' });
  await balance.fill('2200');
  await detail.save.click();
  const dialog = page.getByRole('dialog', { name: 'Change Business Balance' });
  await expect(dialog.getByTestId('balance-before')).toContainText('$200.00');
  await expect(dialog.getByTestId('balance-after')).toContainText('$2,200.00');
  await expect(dialog.getByTestId('balance-difference')).toContainText('+$2,000.00');
  // Going back changes nothing.
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  expect((await walletOf(request, sponsor.token, sponsor.id)).deposit).toBe('200.00000000');

  await detail.save.click();
  // A change of 2,000 is above the approval threshold: it waits for a second admin (decision 0024).
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/v1/users/${sponsor.id}` && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Change balance' }).click();
  const pending = (await (await answer).json()) as PendingApproval;
  await expectWaitingIn(page, 'Change Business Balance');
  expect((await walletOf(request, sponsor.token, sponsor.id)).deposit).toBe('200.00000000');
  await approveAsSecondAdmin(request, pending.approval.id);
  await expect
    .poll(async () => (await walletOf(request, sponsor.token, sponsor.id)).deposit)
    .toBe('2200.00000000');
});

test('an admin closes a ticket in one step and can reopen it', async ({ page, request }) => {
  const sponsor = await sponsorOnce(request);
  const created = await apiPost<{ ticket: { id: number } }>(request, sponsor.token, '/tickets', {
    subject: 'Where is my direct income?',
    category: 'income',
    message: 'I expected $5 from my direct.',
  });
  await signInAs(page, 'admin', demoAdmin.email, demoAdmin.password);
  const ticket = new AdminTicketStatus(page);
  await ticket.goto(created.ticket.id);
  await expect(ticket.status).toHaveText('Open');
  await expect(page.getByRole('button', { name: 'Update status' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveCount(0);

  await ticket.close.click();
  // The server's answer first: a refusal then fails here with its text, not as a missing toast.
  const answer = page.waitForResponse(
    (r) => r.url().endsWith(`/tickets/${created.ticket.id}/status`) && r.request().method() === 'PUT',
  );
  await ticket.confirmDialog().getByRole('button', { name: 'Close ticket' }).click();
  const closed = await answer;
  expect(closed.status(), await closed.text()).toBe(200);
  await expect(toast(page, 'Ticket status updated successfully!')).toBeVisible();
  await expect(ticket.status).toHaveText('Closed');
  await expect(ticket.close).toHaveCount(0);

  await ticket.reopen.click();
  await expect(ticket.status).toHaveText('Open');
  await expect(ticket.close).toBeVisible();
});
