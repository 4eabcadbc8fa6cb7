import type { APIRequestContext } from '@playwright/test';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminWithdrawalsPage } from './pages/AdminMoneyPages';
import { adminCallApproved, payoutAddressNow } from './pages/ApprovalPages';
import { apiGet, apiPost, apiSignIn } from './pages/MoneyApi';
import { caughtMail } from './pages/mailCatcher';
import { adminToken } from './pages/outbox';
import { SignInPage } from './pages/SignInPage';
import { nextAppCode } from './pages/secondFactor';

/** A new member with a payout address, 100 in Working and a pending withdrawal of 20 (made through the API). */
async function pendingWithdrawal(request: APIRequestContext, label: string) {
  const member = await registerViaApi(request, label);
  const admin = await adminToken(request);
  await payoutAddressNow(request, admin, member.id);
  // Approved by the second admin when the run's earlier credits put the demo admin past the solo limit (decision 0030).
  await adminCallApproved(request, admin, '/tr/create', {
    user_id: member.id,
    amount: '100',
    direction: 'credit',
    wallet: 'working',
    reason: `e2e: ${label}`,
  });
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  const asked = await apiPost<{ withdrawal: { id: number } }>(request, token, '/withdrawalrequest/add', {
    user_id: member.id,
    amount: '20',
  });
  return { member, token, id: asked.withdrawal.id };
}

/**
 * Decision 0042: an owner invites a support agent with the authenticator code; the agent sets a
 * password from the e-mailed link, sets up two-factor at the first sign-in, and sees only support's pages;
 * a money page opened by its address is refused by the server.
 */
test('an owner invites a support agent, who joins and works without any money page', async ({
  page,
  browser,
  request,
}) => {
  // The owner's next app code may be a time step (30 s) away.
  test.setTimeout(120_000);
  const email = `support-${Date.now()}@example.com`;
  const password = 'Harbour-Violet-Compass-58';

  const owner = new SignInPage(page, 'admin');
  await owner.goto();
  await owner.signIn(demoAdmin.email, demoAdmin.password);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const staffTable = page.getByRole('table', { name: 'Staff accounts' });
  await expect(staffTable.getByRole('row').filter({ hasText: demoAdmin.email })).toContainText('Owner');

  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await invite.getByRole('textbox', { name: 'Full name' }).fill('Sam Support');
  // Without a role the form says so before asking the server.
  await invite.getByRole('textbox', { name: 'Authenticator code' }).fill('123456');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Give at least one role.')).toBeVisible();
  await invite.getByRole('checkbox', { name: 'Support' }).check();
  await invite.getByRole('textbox', { name: 'Authenticator code' }).fill(await nextAppCode(demoAdmin.email));
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(page.getByRole('table', { name: 'Open invitations' })).toContainText(email);

  const mail = await caughtMail(request, email, 'You are invited to the SocialGenX back-office');
  const link = /https?:\/\/\S+(\/staff-invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  const context = await browser.newContext();
  const agent = await context.newPage();
  await agent.goto(link ?? '/');
  await expect(
    agent.getByRole('heading', { level: 1, name: 'Join the SocialGenX back-office' }),
  ).toBeVisible();
  await expect(agent.getByText('Invitation for Sam Support')).toBeVisible();
  await agent.getByLabel('Choose a password').fill(password);
  await agent.getByLabel('Repeat the password').fill(password);
  await agent.getByRole('button', { name: 'Set my password' }).click();
  await expect(agent.getByRole('status')).toContainText('Your staff account is ready');
  await agent.getByRole('link', { name: 'Go to the admin sign-in' }).click();

  const agentSignIn = new SignInPage(agent, 'admin');
  await expect(agentSignIn.identifier).toBeVisible();
  await agentSignIn.signIn(email, password);
  await expect(agent).toHaveURL(/\/admin\/dashboard$/);
  const menu = agent.getByRole('navigation', { name: 'Back-office menu' });
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Tickets' })).toBeVisible();
  for (const hidden of ['Withdrawals', 'Deposits', 'Approvals', 'Plans', 'Staff', 'Audit trail'])
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  // Settings: only its support-messages tab, whose replies are support's (the economic settings are the owner's).
  await menu.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(agent.getByRole('tab')).toHaveText(['Support messages']);
  // Opened by its address, a money page says it is not in the role, without its tools (decision 0054).
  await agent.goto('/admin/withdrawals');
  await expect(agent.getByRole('heading', { level: 1, name: 'Not in your role' })).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await context.close();

  // The owner sees the new staff member with the support role, and two-factor on.
  await page.reload();
  const row = staffTable.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Support');
  await expect(row).toContainText('Two-factor on');
});

test('the demo finance agent completes a withdrawal, with no support or owner page in the menu', async ({
  page,
  request,
}) => {
  // Two members set up through the API and a sign-in whose next app code may be a time step (30 s) away.
  test.setTimeout(120_000);
  const { token, id } = await pendingWithdrawal(request, 'financepaid');

  const finance = new SignInPage(page, 'admin');
  await finance.goto();
  await finance.signIn('finance@example.com', 'Copper-Willow-58');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Back-office menu' });
  await expect(menu.getByRole('link', { name: /^Withdrawals/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Approvals/ })).toBeVisible();
  for (const hidden of ['Video manager', 'Staff', 'Audit trail', 'Settings'])
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: /^Tickets/ })).toHaveCount(0);

  // The member's record: finance changes the money fields only (support the rest; decision 0042).
  const { member: other } = await pendingWithdrawal(request, 'financeedit');
  await page.goto(`/admin/check/profile/${other.id}`);
  await expect(page.getByLabel('Business Balance')).toBeEnabled();
  await expect(page.getByLabel('Username')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // The plans page shows finance the members' held plans only; the plan definitions are the owner's.
  await page.goto('/admin/plans');
  await expect(page.getByRole('tab')).toHaveText(['Held plans']);

  const withdrawals = new AdminWithdrawalsPage(page);
  await withdrawals.goto();
  await withdrawals.complete(id);
  const mine = await apiGet<{ withdrawals: { id: number; status: string }[] }>(
    request,
    token,
    '/withdrawalrequest/list?kind=working',
  );
  expect(mine.withdrawals.find((w) => w.id === id)?.status).toBe('complete');
});

test('the demo compliance officer reads the queues and the audit trail, and is offered no decision outside compliance', async ({
  page,
  request,
}) => {
  const { member, token, id } = await pendingWithdrawal(request, 'complianceread');
  // A second withdrawal of the member, declined by the owner: its number links to its audit entries.
  const asked = await apiPost<{ withdrawal: { id: number } }>(request, token, '/withdrawalrequest/add', {
    user_id: member.id,
    amount: '20',
  });
  const declined = asked.withdrawal.id;
  await apiPost(
    request,
    await adminToken(request),
    `/withdrawalrequest/${declined}`,
    { status: 'decline', user_id: member.id, note: 'e2e: declined by the owner' },
    'PUT',
  );

  const compliance = new SignInPage(page, 'admin');
  await compliance.goto();
  await compliance.signIn('compliance@example.com', 'Copper-Willow-58');
  const menu = page.getByRole('navigation', { name: 'Back-office menu' });
  await expect(menu.getByRole('link', { name: 'Audit trail' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

  const withdrawals = new AdminWithdrawalsPage(page);
  await withdrawals.goto();
  await withdrawals.list.search(member.username);
  const row = withdrawals.list.row(member.username);
  await expect(row).toContainText('Read only for your role');
  await expect(page.getByRole('button', { name: `Complete withdrawal ${id}` })).toHaveCount(0);

  // The declined withdrawal's number opens its decision in the audit trail.
  await withdrawals.list.filter('Status', 'Declined');
  await page.getByRole('link', { name: `Audit trail of withdrawal ${declined}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?record=withdrawal(:|%3A)${declined}$`));
  const entries = page.getByRole('table', { name: 'Audit entries, newest first' });
  await expect(entries).toContainText('withdrawal.decline');
  await expect(entries).toContainText('e2e: declined by the owner');

  // Every page of the menu: read, never a control that changes something (the server refuses them anyway).
  test.setTimeout(180_000);
  const pages = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(pages.length).toBeGreaterThan(15);
  const changing =
    /^(save|add|new|create|issue|delete|remove|edit|publish|review|send|pay|sweep|update|activate|debit|run|complete|decline|approve|reject|end|revoke|reply|close|resolve|reopen)\b/i;
  // (Security and API keys are the officer's own account: their two-factor, recovery codes and their own keys, which
  // can hold only the read scopes their role grants (decision 0071), are theirs to change.)
  const own = ['/admin/security', '/admin/api-keys'];
  // (The compliance pages are the officer's own decisions (decisions 0074-0076): identity reviews, sanctions hits, held income,
  // member flags; they are in the menu, and every other page stays read-only.)
  const decides = ['/admin/identity', '/admin/sanctions', '/admin/held-income', '/admin/compliance/flags'];
  expect(pages).toEqual(expect.arrayContaining(decides));
  const others = pages.filter((p) => !own.includes(p) && !decides.includes(p));
  for (const path of [...others, `/admin/check/profile/${member.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const offered = await page
      .getByRole('main')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((b) => (b as HTMLElement).offsetParent !== null && !b.matches(':disabled'))
          .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
      );
    expect(
      offered.filter((name) => changing.test(name)),
      `${path} offers compliance a control that changes something`,
    ).toEqual([]);
  }
  await expect(page.getByTestId('read-only-note').first()).toBeVisible();
});
