import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminDepositsPage, AdminList } from './pages/AdminMoneyPages';
import { confirmIn } from './pages/MemberMoneyPages';
import { apiPost, apiSignIn, depositViaApi } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';

test.beforeEach(async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

// One member for the whole file: registrations are rate limited per address, and the suite shares one.
let shared: ReturnType<typeof registerViaApi> | undefined;
function sharedMember(request: APIRequestContext) {
  shared ??= registerViaApi(request, 'tables');
  return shared;
}

test('deposits: search, status filter, decline with a note, CSV of the filtered rows', async ({
  page,
  request,
}) => {
  const member = await sharedMember(request);
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  const first = await depositViaApi(request, token, member.id, '25');
  const second = await depositViaApi(request, token, member.id, '40.5');

  const deposits = new AdminDepositsPage(page);
  await deposits.goto();
  await deposits.list.search(member.username);
  await expect(deposits.list.rows).toHaveCount(2);

  await page.getByRole('button', { name: `Decline deposit ${first.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline deposit' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('No such transfer on chain');
  await confirmIn(page, 'Decline deposit', 'Decline deposit');
  await expect(toast(page, 'Deposit declined')).toBeVisible();
  // Pending shows only the other one now.
  await expect(deposits.list.rows).toHaveCount(1);
  await expect(deposits.list.row(`#${second.id}`)).toBeVisible();

  await deposits.list.filter('Status', 'Declined');
  await expect(deposits.list.rows).toHaveCount(1);
  await expect(deposits.list.row(`#${first.id}`)).toContainText('No such transfer on chain');

  const csv = await deposits.list.exportCsv();
  expect(csv.name).toMatch(/^deposits-.*\.csv$/);
  expect(csv.text).toContain(first.hash.slice(2));
  expect(csv.text).not.toContain(second.hash.slice(2));
});

test('codes: issue, filter unused, search, CSV', async ({ page }) => {
  await page.goto('/admin/codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Issue codes' });
  await form.getByRole('textbox', { name: 'How many' }).fill('2');
  await form.getByRole('textbox', { name: 'Value of each' }).fill('5');
  await form.getByRole('button', { name: 'Issue codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue codes' });
  await expect(dialog).toContainText('$10.00');
  await confirmIn(page, 'Issue codes', 'Issue');
  await expect(toast(page, '2 codes created')).toBeVisible();
  const codes = ((await page.getByTestId('issued-codes').textContent()) ?? '').split('\n').filter(Boolean);
  expect(codes).toHaveLength(2);

  const list = new AdminList(page, page.getByRole('region', { name: 'All codes' }), 'Search codes');
  await list.filter('Status', 'Unused');
  await list.search(codes[0] ?? '');
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(codes[0] ?? '')).toContainText('$5.00');

  const csv = await list.exportCsv();
  expect(csv.name).toMatch(/^codes-.*\.csv$/);
  expect(csv.text).toContain(codes[0]);
  expect(csv.text).not.toContain(codes[1]);
});

test('top-ups: filter by kind, search a member, CSV', async ({ page, request }) => {
  const member = await sharedMember(request);
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const deposit = await depositViaApi(request, token, member.id, '200');
  await apiPost(
    request,
    admin.token,
    `/deposite/${deposit.id}`,
    { status: 'complete', user_id: member.id },
    'PUT',
  );
  await apiPost(request, token, '/topup/add', { id: 1, userby_id: member.id, userto_id: member.id });

  await page.goto('/admin/topup');
  await expect(page.getByRole('heading', { level: 1, name: 'Top-ups' })).toBeVisible();
  const list = new AdminList(page, page.getByRole('region', { name: 'All top-ups' }), 'Search top-ups');
  await list.search(member.username);
  await expect(list.rows).toHaveCount(1);
  await list.filter('Kind', 'Re-top-up');
  await expect(list.rows).toContainText(['No top-ups match.']);
  await list.filter('Kind', 'Top-up');
  await expect(list.row('Bronze')).toContainText('$100.00');

  const csv = await list.exportCsv();
  expect(csv.name).toMatch(/^topups-.*\.csv$/);
  expect(csv.text).toContain(member.username);
  expect(csv.text.trim().split('\n')).toHaveLength(2);
});

test('transactions: search, credit filter, reverse with a reason, CSV', async ({ page, request }) => {
  const member = await sharedMember(request);
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const stamp = `e2e-${Date.now()}`;
  await apiPost(request, admin.token, '/tr/create', {
    user_id: member.id,
    amount: '12.5',
    direction: 'credit',
    wallet: 'deposit',
    reason: `adjustment ${stamp}`,
  });

  await page.goto('/admin/web3?tab=transactions');
  const list = new AdminList(
    page,
    page.getByRole('region', { name: 'All transactions' }),
    'Search transactions',
  );
  await list.search(stamp);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText(member.username);
  await list.filter('Credit or debit', 'Debits');
  await expect(list.rows).toContainText(['No transactions match.']);
  await list.filter('Credit or debit', 'Credits');
  await expect(list.row(`manual credit: adjustment ${stamp}`)).toContainText('+$12.50');

  await list.rows
    .first()
    .getByRole('button', { name: /^Reverse transaction/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reverse transaction' });
  // The wallet's before and after are shown before the reversal is confirmed (decision 0021).
  await expect(dialog.getByTestId('balance-difference')).toContainText('-$12.50');
  await expect(dialog.getByTestId('balance-before')).toContainText('$');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(`posted by mistake ${stamp}`);
  await confirmIn(page, 'Reverse transaction', 'Reverse');
  await expect(toast(page, /Transaction reversed/)).toBeVisible();
  await list.filter('Credit or debit', 'Credits and debits');
  await expect(list.rows).toHaveCount(2);

  const csv = await list.exportCsv();
  expect(csv.name).toMatch(/^transactions-.*\.csv$/);
  expect(csv.text).toContain(`posted by mistake ${stamp}`);
  // The hourly check's line is there at once; the full check of all history only when asked (decision 0086).
  await expect(page.getByTestId('reconciliation-hourly')).toHaveText(
    /^(Hourly check: |The hourly check has not run yet)/,
  );
  await expect(page.getByTestId('reconciliation-status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Check all history' }).click();
  await expect(page.getByTestId('reconciliation-status')).toHaveText('OK');
  await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
});
