import type { APIRequestContext } from '@playwright/test';
import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { parseUnits } from 'viem';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminTablePage } from './pages/AdminTables';
import { adminCallApproved, payoutAddressNow } from './pages/ApprovalPages';
import { ChainPayoutsPanel } from './pages/ChainPayoutsPanel';
import { signInAdmin } from './pages/IncomeScreens';
import { installInjectedWallet } from './pages/injectedWallet';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  PAYOUT_CONTRACT,
  restoreReceiving,
  runChainScan,
  setUpChain,
  stablecoinBalance,
} from './pages/localChain';
import { WithdrawalPage } from './pages/MemberMoneyPages';
import { addAmounts, apiGet, apiPost, apiSignIn, usd } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';
import { nextAppCode } from './pages/secondFactor';

/**
 * Payouts on chain (decision 0034) on the run's local chain (anvil as BNB Smart Chain, with the BatchPayout contract
 * chain-server.ts deploys): three members with fresh payout addresses ask to withdraw, the admin approves them (they
 * wait as payouts), selects them on /admin/withdrawals, pays them from the browser's wallet (the operator's, holding
 * the stablecoin: it approves the contract first, then sends the batch), and sees them paid after the
 * confirmations; each address holds exactly the net on chain, and the member sees the transaction.
 */
const OPERATOR = DEV_ACCOUNTS[4]?.address ?? '';

type Payout = { status: string; tx_hash: string | null; confirmations: number | null } | null;
type Withdrawal = { id: number; status: string; net: string; address: string; payout: Payout };

test.afterEach(async ({ request }) => restoreReceiving(request));

/** A member with a payout address usable at once, 100 in the working wallet, and a withdrawal of `amount` asked. */
async function memberWithdrawal(request: APIRequestContext, adminToken: string, amount: string) {
  const member = await registerViaApi(request, 'payout');
  await payoutAddressNow(request, adminToken, member.id);
  await apiPost(request, adminToken, '/tr/create', {
    user_id: member.id,
    amount: '100',
    direction: 'credit',
    wallet: 'working',
    reason: 'e2e: payouts on chain',
  });
  const m = await apiSignIn(request, 'member', member.email, member.password);
  const { withdrawal } = await apiPost<{ withdrawal: Withdrawal }>(
    request,
    m.token,
    '/withdrawalrequest/add',
    {
      user_id: member.id,
      amount,
      currency: 'BEP20',
    },
  );
  return { member, withdrawal };
}
type Asked = Awaited<ReturnType<typeof memberWithdrawal>>;

/** A withdrawal as GET /withdrawalrequest/by/{member id} lists it, with its payout. */
async function withdrawalOf(request: APIRequestContext, token: string, asked: Asked) {
  const { withdrawals } = await apiGet<{ withdrawals: Withdrawal[] }>(
    request,
    token,
    `/withdrawalrequest/by/${asked.member.id}`,
  );
  const found = withdrawals.find((w) => w.id === asked.withdrawal.id);
  if (found === undefined) throw new Error(`withdrawal ${asked.withdrawal.id} is not listed`);
  return found;
}

test('an admin pays approved withdrawals in one batch from the browser wallet; members see the transaction', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await setUpChain(request, { payouts: true });
  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);

  // Three members ask; the admin approves: each waits as an approved payout (still pending in the ledger).
  const asked = [
    await memberWithdrawal(request, admin.token, '20'),
    await memberWithdrawal(request, admin.token, '30'),
    await memberWithdrawal(request, admin.token, '40'),
  ];
  for (const one of asked) {
    const { member, withdrawal } = one;
    await adminCallApproved(
      request,
      admin.token,
      `/withdrawalrequest/${withdrawal.id}`,
      { status: 'complete', user_id: member.id },
      'PUT',
    );
    const approved = await withdrawalOf(request, admin.token, one);
    expect(approved.status).toBe('pending');
    expect(approved.payout?.status).toBe('approved');
  }
  const first = asked[0];
  if (first === undefined) throw new Error('no withdrawal');
  const total = addAmounts(...asked.map((a) => a.withdrawal.net));
  await mintTestStablecoin(CHAIN_URL, DEV_TOKEN_ADDRESS, OPERATOR, parseUnits(total, 18));

  // The admin's page: the chain with its payout contract, the three payouts selected, the total.
  await installInjectedWallet(page, { rpcUrl: CHAIN_URL, account: OPERATOR });
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const payouts = new ChainPayoutsPanel(page);
  await payouts.goto();
  await expect(payouts.chain).toHaveValue('USDT on BNB Smart Chain (BEP20)');
  await expect(payouts.panel).toContainText(new RegExp(PAYOUT_CONTRACT, 'i'));
  await expect(payouts.selection).toHaveText('Nothing selected.');
  // TRON has no payout contract here: it says where to set one, and nothing can be paid.
  await payouts.network('TRON (TRC20)').click();
  await expect(payouts.panel).toContainText('Set a payout contract in the chain settings');
  await expect(payouts.selectAll).toBeDisabled();
  await payouts.network('EVM chains').click();
  await expect(payouts.chain).toHaveValue('USDT on BNB Smart Chain (BEP20)');
  // Nothing scrolls sideways on a laptop or a phone.
  const layout = new AdminTablePage(page, '/admin/withdrawals?tab=payouts', 'Withdrawals');
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect(payouts.pick(first.withdrawal.id)).toBeVisible();
    await expect.poll(() => layout.sidewaysOverflow()).toEqual([]);
  }
  for (const { withdrawal } of asked) await payouts.pick(withdrawal.id).check();
  await expect(payouts.selection).toHaveText(`3 selected: ${usd(total)}`);
  await payouts.payButton(3).click();
  await expect(payouts.dialog.getByTestId('payout-confirm-summary')).toContainText(
    `Pay 3 payouts of ${usd(total)} in all, in USDT on BNB Smart Chain`,
  );
  await expect(payouts.dialog).toContainText(PAYOUT_CONTRACT);
  await payouts.prepare(await nextAppCode(demoAdmin.email), OPERATOR);

  // The wallet approves the contract for the total, then sends the batch; the server waits for confirmations.
  await payouts.payFromWallet();
  await expect(payouts.outcome).toContainText('Waiting for confirmations', { timeout: 30_000 });
  const hash = (await withdrawalOf(request, admin.token, first)).payout?.tx_hash ?? '';
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

  await mine(CHAIN_URL, CONFIRMATIONS);
  await runChainScan();
  await expect(payouts.outcome).toContainText('Paid', { timeout: 20_000 });
  await expect(payouts.outcome).toContainText(`3 payouts of ${usd(total)} complete.`);
  await expect(payouts.outcome.getByTitle(hash)).toBeVisible();
  await payouts.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(payouts.dialog).toBeHidden();
  await expect(payouts.batchRow(hash)).toContainText('paid');
  for (const { withdrawal } of asked) await expect(payouts.pick(withdrawal.id)).toHaveCount(0);

  // On chain: each member's address holds exactly the net; in the API: complete, paid, with the one hash.
  for (const one of asked) {
    expect(addAmounts(await stablecoinBalance(one.withdrawal.address))).toBe(one.withdrawal.net);
    const paid = await withdrawalOf(request, admin.token, one);
    expect(paid.status).toBe('complete');
    expect(paid.payout).toMatchObject({ status: 'paid', tx_hash: hash });
  }
  expect(await stablecoinBalance(OPERATOR)).toBe('0');

  // The member's withdrawal history: paid, with the transaction.
  const { member, withdrawal } = first;
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  const signIn = new SignInPage(memberPage);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(memberPage).toHaveURL(/\/user\/dashboard$/);
  const history = new WithdrawalPage(memberPage);
  await history.goto();
  // One final word whatever way it was paid (decision 0055): complete, and beside it "paid on chain" with the transaction.
  const shown = memberPage.getByTestId(`withdrawal-${withdrawal.id}-paid-via`).first();
  await expect(shown).toContainText('paid on chain');
  await expect(shown.getByTitle(hash)).toBeVisible();
  await expect(memberPage.getByTestId(`withdrawal-${withdrawal.id}-payout`)).toHaveCount(0);
  await context.close();
  expect(errors).toEqual([]);
});
