import type { Browser, Page } from '@playwright/test';
import { demoAdmin, demoMember, expect, test } from './fixtures';
import { AdminDepositsPage, AdminWeb3Page, AdminWithdrawalsPage } from './pages/AdminMoneyPages';
import { payoutAddressNow, secondAdmin } from './pages/ApprovalPages';
import {
  MemberDashboardPage,
  SubscriptionPage,
  Web3DepositPage,
  WithdrawalPage,
} from './pages/MemberMoneyPages';
import { addAmounts, apiGet, apiSignIn, randomHash, usd, walletOf } from './pages/MoneyApi';
import { ProfilePage } from './pages/ProfilePage';
import { SignInPage } from './pages/SignInPage';

async function signedIn(
  browser: Browser,
  area: 'member' | 'admin',
  who: { email: string; password: string } = area === 'admin' ? demoAdmin : demoMember,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page, area);
  await signIn.goto();
  await signIn.signIn(who.email, who.password);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
  return page;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test('deposit, approval, plan, withdrawal and payout: every balance on screen matches the ledger', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const api = await apiSignIn(request, 'member', demoMember.email, demoMember.password);
  const adminApi = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const admin = await signedIn(browser, 'admin');
  const member = await signedIn(browser, 'member');

  // The platform's BEP20 receiving address, so deposits can be made.
  const web3 = new AdminWeb3Page(admin);
  await web3.goto();
  await web3.setDepositAddress(
    'BEP20',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    'e2e: platform address',
  );
  await admin.reload();
  await expect(admin.getByTestId('address-BEP20')).toContainText(
    '0x52908400098527886E0F7030069857D2E4169EE7',
  );

  // 1. A BEP20 payout address withdrawals may go to at once (the hold on a new address is
  //    payout-address.spec's subject); the member sees it on the profile, with no hold.
  const payoutAddress = await payoutAddressNow(request, adminApi.token, api.id);
  const profile = new ProfilePage(member);
  await profile.goto(api.id);
  await expect(profile.payoutCurrent('BEP20')).toContainText(new RegExp(payoutAddress, 'i'));
  await expect(profile.holds).toHaveCount(0);

  // 2. A deposit of 1,000 with a fresh transaction hash.
  const before = await walletOf(request, api.token, api.id);
  const hash = randomHash();
  const deposit = new Web3DepositPage(member);
  await deposit.goto();
  await expect(member.getByTestId('receiving-address')).toHaveText(
    '0x52908400098527886E0F7030069857D2E4169EE7',
  );
  await expect(
    member.getByRole('img', { name: 'BNB Smart Chain (BEP20) deposit address QR code' }),
  ).toBeVisible();
  await deposit.deposit('1000', hash);
  await expect(toast(member, 'Deposit request received')).toBeVisible();
  // Nothing is credited before approval.
  expect((await walletOf(request, api.token, api.id)).deposit).toBe(before.deposit);

  // 3. The admin approves it; 1,000 is the approval threshold, so it waits for the second admin (decision 0024).
  const deposits = await apiGet<{ deposits: { id: number; hash: string; status: string }[] }>(
    request,
    api.token,
    `/deposite/list?search=${hash.slice(2)}`,
  );
  const pending = deposits.deposits.find((d) => d.hash === hash);
  expect(pending?.status).toBe('pending');
  const adminDeposits = new AdminDepositsPage(admin);
  await adminDeposits.goto();
  await adminDeposits.list.search(hash.slice(2, 20));
  await expect(adminDeposits.list.row(`#${pending?.id}`)).toBeVisible();
  const depositId = pending?.id ?? 0;
  await adminDeposits.approveWaiting(depositId, adminApi.username);
  expect((await walletOf(request, api.token, api.id)).deposit).toBe(before.deposit);
  // The second admin reads in the deposits queue that it waits and who asked, and approves it there.
  const second = await signedIn(browser, 'admin', secondAdmin);
  try {
    const theirDeposits = new AdminDepositsPage(second);
    await theirDeposits.goto();
    await theirDeposits.list.search(hash.slice(2, 20));
    await expect(theirDeposits.awaiting(depositId)).toHaveText(
      `Awaiting second admin · asked by ${adminApi.username}`,
    );
    await theirDeposits.approveAwaiting(depositId, [`#${depositId}`, '$1,000.00', adminApi.username]);
    await expect(toast(second, 'Approved and done.')).toBeVisible();
    await expect(theirDeposits.awaiting(depositId)).toHaveCount(0);
  } finally {
    await second.context().close();
  }

  // 4. The member sees the 1,000.00 on the dashboard, as the ledger has it.
  const dashboard = new MemberDashboardPage(member);
  await dashboard.goto();
  const credited = addAmounts(before.deposit, '1000');
  await expect(dashboard.amount('deposit')).toHaveText(usd(credited));
  if (before.deposit === '0.00000000') await expect(dashboard.amount('deposit')).toHaveText('$1,000.00');
  await dashboard.expectWallets(await walletOf(request, api.token, api.id));

  // 5. The member buys Bronze (100) from the Business Balance.
  const subscription = new SubscriptionPage(member);
  await subscription.goto();
  const afterBronze = addAmounts(credited, '-100');
  await subscription.buy('Bronze', `Business Balance: ${usd(credited)} → ${usd(afterBronze)}`);
  await expect(toast(member, /Top-up successful: Bronze for \$100\.00/)).toBeVisible();
  await expect(member.getByTestId('subscription-balance')).toHaveText(usd(afterBronze));

  // 6. The admin credits 50 to the member's working wallet (working income may still be zero).
  await web3.goto('manual');
  await web3.manualCredit(
    demoMember.email,
    api.username,
    'Working',
    '50',
    'e2e: working credit for a withdrawal',
  );
  await expect(toast(admin, /Transaction created/)).toBeVisible();

  // 7. The member withdraws 50 from Working: 10% fee, 45 paid out.
  const working = (await walletOf(request, api.token, api.id)).working;
  const withdrawal = new WithdrawalPage(member);
  await withdrawal.goto();
  await expect(member.getByTestId('withdrawal-available')).toHaveText(usd(working));
  await withdrawal.request('50', '$45.00');
  await expect(toast(member, 'Withdrawal request received')).toBeVisible();
  const held = await walletOf(request, api.token, api.id);
  expect(held.working).toBe(addAmounts(working, '-50'));
  expect(held.pending_withdrawals).toBe(addAmounts(before.pending_withdrawals, '50'));

  // 8. The admin completes it.
  const mine = await apiGet<{ withdrawals: { id: number; status: string; net: string }[] }>(
    request,
    api.token,
    '/withdrawalrequest/list?status=pending&kind=working',
  );
  const request50 = mine.withdrawals[0];
  expect(request50?.net).toBe('45.00000000');
  const adminWithdrawals = new AdminWithdrawalsPage(admin);
  await adminWithdrawals.goto();
  await adminWithdrawals.complete(request50?.id ?? 0);
  await expect(toast(admin, 'Withdrawal completed')).toBeVisible();

  // 9. Every wallet on the dashboard equals GET /tr/wallet/{id}.
  const final = await walletOf(request, api.token, api.id);
  expect(final.deposit).toBe(afterBronze);
  expect(final.pending_withdrawals).toBe(before.pending_withdrawals);
  await dashboard.goto();
  await dashboard.expectWallets(final);
  await expect(member.getByTestId('active-plan')).toContainText('Bronze');

  // 10. The ledger reconciles, on the admin screen and through the API.
  await web3.goto();
  await expect(await web3.reconcileAll()).toHaveText('OK');
  const rec = await apiGet<{ ok: boolean }>(request, adminApi.token, '/ledger/reconciliation');
  expect(rec.ok).toBe(true);
});
