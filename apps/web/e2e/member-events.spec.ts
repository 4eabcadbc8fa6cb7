import type { Page } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { payoutAddressNow } from './pages/ApprovalPages';
import { declineWithdrawal, MemberEventsPage, MemberNav } from './pages/MemberEventsPages';
import { apiPost, apiSignIn } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';

async function signInAs(page: Page, area: 'member' | 'admin', email: string, password: string) {
  const signIn = new SignInPage(page, area);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
}

test('an admin declines a withdrawal; the member sees the unread badge and the notification, opens it, the badge goes', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A member with $40 on Working and a payout address, who asks to withdraw $25.
  const member = await registerViaApi(request, 'events');
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  await payoutAddressNow(request, admin.token, member.id);
  // The notice of that address change is read already: the badge below counts the decline only.
  await apiPost(request, token, '/notifications/events/seen', {}, 'PUT');
  await apiPost(request, admin.token, '/tr/create', {
    user_id: member.id,
    amount: '40',
    direction: 'credit',
    wallet: 'working',
    reason: 'e2e: member events',
  });
  const { withdrawal } = await apiPost<{ withdrawal: { id: number } }>(
    request,
    token,
    '/withdrawalrequest/add',
    { user_id: member.id, amount: '25' },
  );

  await signInAs(page, 'member', member.email, member.password);
  const nav = new MemberNav(page);
  await expect(nav.notifications).toBeVisible();
  await expect(nav.badge).toHaveCount(0);

  // The admin declines it in the back-office, where the queue count shows it waiting.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin', demoAdmin.email, demoAdmin.password);
  await expect(
    adminPage.getByRole('navigation', { name: 'Back-office menu' }).getByLabel(/pending withdrawals$/),
  ).toBeVisible();
  await declineWithdrawal(adminPage, withdrawal.id, 'e2e: address check failed');
  await adminContext.close();

  // The member's badge shows it (the page is reloaded: the count is also refreshed every minute).
  await page.reload();
  await expect(nav.badge).toHaveText('1');
  await nav.notifications.click();
  const events = new MemberEventsPage(page);
  await events.expectLoaded();
  const item = events.event('Withdrawal declined');
  await expect(item).toContainText('Your withdrawal of $25.00 was declined; nothing was paid');
  await expect(item).toHaveAttribute('data-seen', 'false');

  await events.open('Withdrawal declined');
  await expect(page).toHaveURL(/\/user\/withdrawal$/);
  await expect(nav.badge).toHaveCount(0);
  await nav.notifications.click();
  await expect(events.event('Withdrawal declined')).toHaveAttribute('data-seen', 'true');
});
