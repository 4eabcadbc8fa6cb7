import { DEV_ACCOUNTS, mine } from '@sgx/chain/dev';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { AdminDepositsPage } from './pages/AdminMoneyPages';
import { signInAdmin } from './pages/IncomeScreens';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  payingMember,
  payReceiving,
  reportDeposit,
  restoreReceiving,
  setUpChain,
} from './pages/localChain';
import { apiGet, apiSignIn, walletOf } from './pages/MoneyApi';

/**
 * A member reports another member's transaction hash first (decision 0027), on the run's local chain
 * (anvil as BNB Smart Chain): the squatter's report is refused as another account's, the admin's queue and
 * decision dialog name the member whose wallet sent it and ask for a tick before any credit by hand, the real
 * sender's report is credited, and crediting the squatter's is then refused.
 */
/** A wallet no other spec links. */
const PAYER = privateKeyToAccount(DEV_ACCOUNTS[6]?.privateKey as Hex);

type Listed = { deposits: { id: number; chain_status: string | null; status: string }[] };

test.afterEach(async ({ request }) => restoreReceiving(request));

test("a hash reported first by another member stays the sender's, and the admin is warned", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await setUpChain(request);

  // Bob sends from his linked wallet; Mallory reports his hash first.
  const { member: bob, session: b } = await payingMember(request, 'sender', PAYER, '20');
  const hash = await payReceiving(PAYER, '20');
  await mine(CHAIN_URL, CONFIRMATIONS);
  const mallory = await registerViaApi(request, 'squatter');
  const m = await apiSignIn(request, 'member', mallory.email, mallory.password);
  const report = (token: string, userId: number) => reportDeposit(request, token, userId, '20', hash);
  const squat = (await report(m.token, m.id)).deposit.id;
  await expect
    .poll(async () => (await apiGet<Listed>(request, m.token, '/deposite/list')).deposits[0]?.chain_status, {
      timeout: 30_000,
    })
    .toBe('refused');

  // The admin's queue says who sent it; approving asks for a tick first.
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const deposits = new AdminDepositsPage(page);
  await deposits.goto();
  await deposits.list.search(mallory.username);
  await expect(page.getByTestId(`deposit-${squat}-other_member`)).toHaveText(`sent by ${bob.username}`);
  await page.getByRole('button', { name: `Approve deposit ${squat}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Approve deposit' });
  await expect(dialog.getByTestId('deposit-warning-other_member')).toContainText(
    `a wallet linked to another member, ${bob.username}. The deposit is theirs`,
  );
  const approve = dialog.getByRole('button', { name: 'Approve and credit' });
  await expect(approve).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /I checked that .* sent this transaction/ }).check();
  await expect(approve).toBeEnabled();
  await dialog.getByRole('button', { name: 'Go back' }).click();

  // Bob reports his own transfer: accepted and credited though Mallory reported it first.
  await report(b.token, b.id);
  await expect
    .poll(async () => (await walletOf(request, b.token, b.id)).deposit, { timeout: 30_000 })
    .toBe('20.00000000');

  // Crediting Mallory's by hand is now refused: a hash is credited once.
  await page.reload();
  await deposits.list.search(mallory.username);
  await page.getByRole('button', { name: `Approve deposit ${squat}` }).click();
  dialog = page.getByRole('dialog', { name: 'Approve deposit' });
  await dialog.getByRole('checkbox', { name: /I checked that/ }).check();
  await dialog.getByRole('button', { name: 'Approve and credit' }).click();
  await expect(dialog).toContainText('already credited with deposit #');
  expect((await walletOf(request, m.token, m.id)).deposit).toBe('0.00000000');
});
