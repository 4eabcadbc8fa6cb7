import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';
import { apiGet, apiSignIn, walletOf } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';
import { fundMember } from './pages/tokenApi';

/**
 * Decision 0036: transfers and friend top-ups name their receiver. The member types a username, referral code
 * or e-mail; the page shows "Name · USERNAME" before the member continues, and the confirmation names them.
 */

async function signInAs(page: Page, who: { email: string; password: string }) {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(who.email, who.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

interface TransferRow {
  kind: string;
  user_id: number;
  userto_id: number;
  userto: string;
  amount: string;
}

test('a transfer by username names the receiver before the confirm and reaches them', async ({
  page,
  request,
}) => {
  const sender = await registerViaApi(request, 'namesender');
  const jane = await registerViaApi(request, 'namejane');
  const bystander = await registerViaApi(request, 'namebystander');
  await fundMember(request, sender.id, '60');
  await signInAs(page, sender);

  await page.goto('/user/topup?tab=transfer');
  const form = page.getByRole('form', { name: 'Transfer to a member' });
  const to = form.getByRole('textbox', { name: 'Send to' });
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });

  // Nobody by that name: said under the field, and no confirmation opens.
  await to.fill('SGX000000000');
  await expect(form).toContainText('No member with that username, referral code or e-mail.');
  await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('25');
  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(confirm).toHaveCount(0);

  // Oneself: refused before any confirmation.
  await to.fill(sender.username);
  await expect(form).toContainText("That is your own account: enter another member's username");

  // By e-mail in capitals, then by username in lower case: the same member, by name.
  await to.fill(jane.email.toUpperCase());
  await expect(form.getByText(`${jane.fullname} · ${jane.username}`)).toBeVisible();
  await to.fill(jane.username.toLowerCase());
  await expect(form.getByText(`${jane.fullname} · ${jane.username}`)).toBeVisible();
  await expect(form).not.toContainText(bystander.username);

  await form.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(confirm).toContainText(
    `Send $25.00 of your Business Balance to ${jane.fullname} (${jane.username})?`,
  );
  await confirm.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(toast(page, 'Transfer successful')).toBeVisible();

  const janeToken = (await apiSignIn(request, 'member', jane.email, jane.password)).token;
  const senderToken = (await apiSignIn(request, 'member', sender.email, sender.password)).token;
  const bystanderToken = (await apiSignIn(request, 'member', bystander.email, bystander.password)).token;
  expect((await walletOf(request, janeToken, jane.id)).deposit).toBe('25.00000000');
  expect((await walletOf(request, senderToken, sender.id)).deposit).toBe('35.00000000');
  expect((await walletOf(request, bystanderToken, bystander.id)).deposit).toBe('0.00000000');
});

test("a friend top-up by username names the friend before the confirm and pays the friend's plan", async ({
  page,
  request,
}) => {
  const payer = await registerViaApi(request, 'namepayer');
  const friend = await registerViaApi(request, 'namefriend');
  await fundMember(request, payer.id, '150');
  await signInAs(page, payer);

  await page.goto('/user/topup?tab=friend');
  const form = page.getByRole('form', { name: "Top up a friend's plan" });
  const friendField = form.getByRole('textbox', { name: 'Friend' });

  // Oneself: the spec's words and the way to one's own plan, before any confirmation.
  await friendField.fill(payer.username);
  await expect(form).toContainText('Visit Membership Plan to topup self account');
  await expect(form.getByRole('link', { name: 'Go to Subscription' })).toBeVisible();

  await friendField.fill(friend.username);
  await expect(form.getByText(`${friend.fullname} · ${friend.username}`)).toBeVisible();
  await form.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Bronze/ }).click();
  await form.getByRole('button', { name: 'Top up friend' }).click();

  const confirm = page.getByRole('dialog', { name: "Top up a friend's plan" });
  await expect(confirm).toContainText(
    `Pay $100.00 for the Bronze plan of ${friend.fullname} (${friend.username})?`,
  );
  await confirm.getByRole('button', { name: 'Top up friend', exact: true }).click();
  await expect(toast(page, 'plan is topped up')).toBeVisible();

  const friendToken = (await apiSignIn(request, 'member', friend.email, friend.password)).token;
  const { transfers } = await apiGet<{ transfers: TransferRow[] }>(request, friendToken, '/transfer/list');
  expect(transfers).toHaveLength(1);
  expect(transfers[0]).toMatchObject({
    kind: 'friend',
    user_id: payer.id,
    userto_id: friend.id,
    userto: friend.username,
    amount: '100.00000000',
  });
  const payerToken = (await apiSignIn(request, 'member', payer.email, payer.password)).token;
  expect((await walletOf(request, payerToken, payer.id)).deposit).toBe('50.00000000');
});

test('a plan top-up and an activation fee for another member name them before the confirm', async ({
  page,
  request,
}) => {
  const payer = await registerViaApi(request, 'nameplanpayer');
  const other = await registerViaApi(request, 'nameplanother');
  await fundMember(request, payer.id, '150');
  await signInAs(page, payer);

  // The member's own username is what friends type (no database id on the page).
  await page.goto('/user/topup');
  await expect(page.getByText('Your username')).toBeVisible();
  await expect(page.getByText('Your member ID')).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Top up a plan' });
  await form.getByText('For another member', { exact: true }).click();
  const field = form.getByRole('textbox', { name: 'Member' });
  await field.fill(other.email);
  await expect(form.getByText(`${other.fullname} · ${other.username}`)).toBeVisible();
  await form.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Bronze/ }).click();
  await form.getByRole('button', { name: 'Top up', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm top-up' });
  await expect(confirm).toContainText(
    `Top up Bronze for ${other.fullname} (${other.username}) with $100.00?`,
  );
  await confirm.getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  const payerToken = (await apiSignIn(request, 'member', payer.email, payer.password)).token;
  await expect.poll(async () => (await walletOf(request, payerToken, payer.id)).deposit).toBe('50.00000000');

  // Activation for another member: named the same way; an unknown name opens nothing.
  await page.goto('/user/topup?tab=entry');
  await page.getByText('Another member', { exact: true }).click();
  const member = page.getByRole('textbox', { name: 'Member' });
  await member.fill('nobody-such@example.com');
  await page.getByRole('button', { name: 'Pay activation fee' }).click();
  await expect(page.getByText('No member with that username, referral code or e-mail.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Activate account' })).toHaveCount(0);
  await member.fill(other.username);
  await expect(page.getByText(`${other.fullname} · ${other.username}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay activation fee' }).click();
  await expect(page.getByRole('dialog', { name: 'Activate account' })).toContainText(
    `Pay the account activation fee for ${other.fullname} (${other.username}) from your Business Balance`,
  );
});
