import type { APIRequestContext } from '@playwright/test';
import { hexToTron } from '@sgx/contracts';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminWithdrawalsPage } from './pages/AdminMoneyPages';
import { adminCallApproved } from './pages/ApprovalPages';
import { signInAdmin } from './pages/IncomeScreens';
import { restoreReceiving, setUpChain } from './pages/localChain';
import { apiGet, apiPost, apiSignIn, randomEvmAddress } from './pages/MoneyApi';
import { adminToken } from './pages/outbox';

/**
 * Decision 0054: the withdrawal dialog says what will happen. Where the network has a payout contract (EVM here,
 * chain 56 through the local BatchPayout), completing approves the request for a batch under "Pay on chain" and the
 * dialog says not to send it by hand; where none exists (TRON here), the operator sends it and marks it paid.
 */
test.afterEach(async ({ request }) => restoreReceiving(request));

type Row = { id: number; status: string; payout_method: string | null; payout: { status: string } | null };

/** A member with a payout address of `network` usable at once, 100 in Working, and a withdrawal of 20 asked. */
async function asked(request: APIRequestContext, admin: string, network: 'BEP20' | 'TRC20') {
  const member = await registerViaApi(request, `way${network.toLowerCase()}`);
  const evm = randomEvmAddress();
  const field = network === 'BEP20' ? { bep20: evm } : { trc20: hexToTron(evm) };
  const hold = (hours: string) =>
    adminCallApproved(
      request,
      admin,
      '/settings',
      { settings: { payoutHoldHours: hours }, reason: 'e2e: a payout address usable at once' },
      'PUT',
    );
  await hold('0');
  try {
    await adminCallApproved(request, admin, `/users/${member.id}`, field, 'PUT');
  } finally {
    await hold('24');
  }
  // Approved by the second admin when the run's earlier credits put the demo admin past the solo limit (decision 0030).
  await adminCallApproved(request, admin, '/tr/create', {
    user_id: member.id,
    amount: '100',
    direction: 'credit',
    wallet: 'working',
    reason: 'e2e: how a withdrawal is paid',
  });
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  const { withdrawal } = await apiPost<{ withdrawal: { id: number } }>(
    request,
    token,
    '/withdrawalrequest/add',
    {
      user_id: member.id,
      amount: '20',
      currency: network,
    },
  );
  return { member, id: withdrawal.id };
}

const rowOf = async (request: APIRequestContext, admin: string, memberId: number, id: number) =>
  (
    await apiGet<{ withdrawals: Row[] }>(request, admin, `/withdrawalrequest/by/${memberId}`)
  ).withdrawals.find((w) => w.id === id);

test('the completion dialog says how the withdrawal is paid: approved for a batch on chain, or sent by hand', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await setUpChain(request, { payouts: true });
  const admin = await adminToken(request);
  const onChain = await asked(request, admin, 'BEP20');
  const byHand = await asked(request, admin, 'TRC20');

  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const withdrawals = new AdminWithdrawalsPage(page);
  await withdrawals.goto();

  // EVM has a payout contract: "Approve", and the dialog says the batch pays it, never "send, then mark it as paid".
  await withdrawals.list.search(onChain.member.username);
  await expect(page.getByRole('button', { name: `Complete withdrawal ${onChain.id}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Approve withdrawal ${onChain.id} for payment on chain` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve for payment on chain' });
  await expect(approve.getByTestId('withdrawal-payout-method')).toContainText(
    'This network is paid on chain: approving puts $18.00 as USDT',
  );
  await expect(approve).toContainText('in the queue under Pay on chain, where a batch transaction pays it.');
  await expect(approve).toContainText('Do not send it by hand.');
  await expect(approve).not.toContainText('mark it as paid');
  await expect(approve.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await approve.getByRole('button', { name: 'Approve for payment on chain', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(
    page.getByText('Withdrawal approved: it is paid on chain from the payout queue'),
  ).toBeVisible();
  expect(await rowOf(request, admin, onChain.member.id, onChain.id)).toMatchObject({
    status: 'pending',
    payout_method: 'chain',
    payout: { status: 'approved' },
  });

  // TRON has none: "Complete", the operator sends it by hand, then marks it paid.
  await withdrawals.list.search(byHand.member.username);
  await page.getByRole('button', { name: `Complete withdrawal ${byHand.id}` }).click();
  const complete = page.getByRole('dialog', { name: 'Complete withdrawal' });
  await expect(complete.getByTestId('withdrawal-payout-method')).toContainText(
    'No payout contract pays this network: send $18.00 as USDT',
  );
  await expect(complete).toContainText('yourself, then mark it as paid.');
  await complete.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await expect(complete).toBeHidden();
  expect(await rowOf(request, admin, byHand.member.id, byHand.id)).toMatchObject({
    status: 'complete',
    payout_method: 'hand',
    payout: null,
  });
});
