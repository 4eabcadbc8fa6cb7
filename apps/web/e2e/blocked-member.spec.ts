import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminUserDetailPage } from './pages/AdminUserDetailPage';
import { signInAdmin, signInMember } from './pages/IncomeScreens';

// Decision 0035: a blocked member is told why, what is refused and how to reach support.
const REASON = 'Your deposit of 12 May is under review; we will write to you within 3 days.';

test('an admin blocks a member with a reason; the member is told on every page, reaches support, and sees the refused action disabled', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerViaApi(request, 'blocked');
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const detail = new AdminUserDetailPage(page);
  await page.goto(`/admin/check/profile/${member.id}`);
  await detail.expectLoaded();
  const main = page.getByRole('main');
  // Readable words for the status (the API keeps 'unblock'/'block').
  await expect(main.getByText('Active', { exact: true })).toBeVisible();
  await expect(main.getByText(/^(un)?block$/i)).toHaveCount(0);
  await expect(detail.blockReason).toHaveCount(0);

  await detail.choose(detail.status, 'Blocked');
  await expect(detail.blockReason).toBeVisible();
  // A block without a reason is not sent.
  await detail.save.click();
  await expect(detail.form.getByText('Give the reason for blocking: the member sees it.')).toBeVisible();
  await detail.blockReason.fill(REASON);
  await detail.save.click();
  await expect(detail.message).toBeVisible();
  await expect(main.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(detail.readOnly('Block Reason')).toContainText(REASON);

  const memberContext = await browser.newContext();
  const m = await memberContext.newPage();
  await signInMember(m, member.email, member.password);
  const banner = m.getByTestId('blocked-banner');
  await expect(banner).toContainText('Your account is blocked');
  await expect(banner.getByTestId('blocked-reason')).toHaveText(REASON);
  await expect(banner).toContainText('you cannot claim the daily ROI, withdraw, transfer');

  // Another page: still told.
  const menu = m.getByRole('navigation', { name: 'Member area menu' });
  await menu.getByRole('link', { name: 'Deposit history', exact: true }).click();
  await expect(m).toHaveURL(/\/user\/deposit-history$/);
  await expect(banner.getByTestId('blocked-reason')).toHaveText(REASON);

  // Watch and Earn: the action is disabled, with the reason, before any click.
  await menu.getByRole('link', { name: 'Watch and Earn', exact: true }).click();
  await expect(m.getByRole('heading', { level: 1, name: 'Watch and Earn' })).toBeVisible();
  const denied = m.getByRole('button', { name: 'Access Denied' });
  await expect(denied).toBeDisabled();
  await expect(denied).toHaveAccessibleDescription(
    /^You cannot claim today's reward while your account is blocked\.\s*Reason: Your deposit of 12 May is under review/,
  );
  await expect(m.getByRole('button', { name: "Watch Today's Video" })).toHaveCount(0);

  // Every money form the server refuses a blocked member says so and cannot be used (decision 0016).
  for (const [path, note] of [
    [
      '/user/topup?tab=transfer',
      'You cannot top up, transfer or redeem a code while your account is blocked.',
    ],
    ['/user/token', 'You cannot buy or sell SGX while your account is blocked.'],
  ] as const) {
    await m.goto(path);
    const gate = m.getByTestId('blocked-gate');
    await expect(m.getByText(note)).toBeVisible();
    const buttons = gate.getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const b of await buttons.all()) await expect(b).toBeDisabled();
  }

  // The way to support: the new-ticket page, where a ticket still goes through.
  await banner.getByRole('link', { name: 'Contact support' }).click();
  await expect(m).toHaveURL(/\/user\/query\/create$/);
  await expect(m.getByRole('heading', { level: 1, name: 'New Query' })).toBeVisible();
  const query = m.getByRole('form', { name: 'New query' });
  await query.getByRole('textbox', { name: 'Subject' }).fill('Why is my account blocked?');
  await query.getByRole('textbox', { name: 'Message' }).fill('Which documents should I send?');
  await query.getByRole('button', { name: 'Send query' }).click();
  await expect(m).toHaveURL(/\/user\/queries\/\d+$/);

  // Unblocked: the reason field goes, and the member's pages no longer show the banner.
  await detail.choose(detail.status, 'Active');
  await expect(detail.blockReason).toHaveCount(0);
  await detail.save.click();
  await expect(detail.message).toBeVisible();
  await expect(detail.readOnly('Block Reason')).toHaveCount(0);
  await m.reload();
  await expect(m.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await memberContext.close();
});
