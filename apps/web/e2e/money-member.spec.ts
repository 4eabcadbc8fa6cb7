import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';
import { confirmIn } from './pages/MemberMoneyPages';
import { apiSignIn, depositViaApi } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';

async function signInAs(page: Page, email: string, password: string) {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

// One member for the whole file (never given a payout address): registrations are rate limited per address.
let shared: ReturnType<typeof registerViaApi> | undefined;
function sharedMember(request: APIRequestContext) {
  shared ??= registerViaApi(request, 'screens');
  return shared;
}

test('a member cancels a pending deposit after confirming, and filters the history', async ({
  page,
  request,
}) => {
  const member = await sharedMember(request);
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  // On a chain the server does not read, so it is not under an on-chain check and the member may cancel it.
  const deposit = await depositViaApi(request, token, member.id, '75', 137);
  await signInAs(page, member.email, member.password);

  await page.goto('/user/deposit-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit History' })).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: `#${deposit.id}` });
  await expect(row).toContainText('$75.00');
  await expect(row).toContainText('pending');

  await page.getByRole('button', { name: `Cancel deposit ${deposit.id}` }).click();
  await page
    .getByRole('dialog', { name: 'Cancel deposit?' })
    .getByRole('button', { name: 'Go back' })
    .click();
  await expect(row).toContainText('pending');

  await page.getByRole('button', { name: `Cancel deposit ${deposit.id}` }).click();
  await confirmIn(page, 'Cancel deposit?', 'Cancel deposit');
  await expect(toast(page, 'Deposit request cancelled')).toBeVisible();
  await expect(row).toContainText('declined');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(page.getByText('No deposits match.')).toBeVisible();
});

test('without a payout address the withdrawal page says so and links to the profile', async ({
  page,
  request,
}) => {
  const member = await sharedMember(request);
  await signInAs(page, member.email, member.password);
  await page.goto('/user/withdrawal');
  const alert = page.getByRole('alert').filter({ hasText: 'No payout address' });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'Add a payout address' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/profile/${member.id}$`));

  // In Spanish (chosen on this device only, decision 0039) the page and its alert are translated.
  await page.evaluate(() => localStorage.setItem('sgx.locale', 'es'));
  await page.goto('/user/withdrawal');
  const spanish = page.getByRole('alert').filter({ hasText: 'Sin dirección de pago' });
  await expect(spanish.getByRole('link', { name: 'Agregar una dirección de pago' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pasar a compuesto' })).toBeVisible();
});

test("refusals show the server's words: a friend top-up to yourself, an unknown income table", async ({
  page,
  request,
}) => {
  const member = await sharedMember(request);
  await signInAs(page, member.email, member.password);

  await page.goto('/user/topup?tab=friend');
  const form = page.getByRole('form', { name: "Top up a friend's plan" });
  await form.getByRole('textbox', { name: 'Friend' }).fill(member.username);
  await form.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Bronze/ }).click();
  await form.getByRole('button', { name: 'Top up friend' }).click();
  await expect(form).toContainText('Visit Membership Plan to topup self account');

  await page.goto('/user/transaction/no_such_table');
  await expect(page.getByRole('alert')).toContainText('Unknown table_name.');
  await page.goto('/user/transaction/roi_transaction');
  await expect(page.getByRole('heading', { level: 1, name: 'ROI income transactions' })).toBeVisible();
  await expect(page.getByText('No transactions of this kind yet.')).toBeVisible();
});
