import type { APIRequestContext } from '@playwright/test';
import { DEV_ACCOUNTS, mine } from '@sgx/chain/dev';
import { createTestClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { demoAdmin, expect, test } from './fixtures';
import { signInAdmin, signInMember } from './pages/IncomeScreens';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  payingMember,
  payReceiving,
  reportDeposit,
  restoreReceiving,
  setUpChain,
} from './pages/localChain';
import { apiGet, usd, type WalletBalances } from './pages/MoneyApi';

/**
 * A credited deposit that a chain reorganisation removes (decision 0028), against the run's local chain
 * (anvil as BNB Smart Chain): the node's snapshot before the transfer and revert after the credit stand in for the
 * reorganisation. The server's minutely re-check holds the amount; the member sees it held and why; an admin's
 * release is refused while the chain lacks the transfer, and the reversal takes it off the books.
 */
/** A wallet no other spec links. */
const PAYER = privateKeyToAccount(DEV_ACCOUNTS[5]?.privateKey as Hex);

type Held = { held: string; deposits: { id: number; reorg_status: string }[] };
/** The member's wallets with the held amount (GET /tr/wallet/{id}: walletOf keeps the wallet cards' figures only). */
const walletsOf = async (request: APIRequestContext, token: string, id: number) =>
  (await apiGet<{ wallets: WalletBalances & { held: string } }>(request, token, `/tr/wallet/${id}`)).wallets;

test.afterEach(async ({ request }) => restoreReceiving(request));

test('a deposit a chain reorganisation removes is held, shown to the member, and reversed by an admin', async ({
  page,
  request,
  browser,
}) => {
  // The re-check runs every minute on the server's job queue.
  test.setTimeout(240_000);
  await setUpChain(request);

  const { member, session: m } = await payingMember(request, 'reorg', PAYER, '100');

  // The transfer, its confirmations, the report, the verifier's credit.
  const node = createTestClient({ mode: 'anvil', transport: http(CHAIN_URL) });
  const snapshot = await node.snapshot();
  const hash = await payReceiving(PAYER, '100');
  await mine(CHAIN_URL, CONFIRMATIONS);
  const reported = await reportDeposit(request, m.token, m.id, '100', hash);
  const id = reported.deposit.id;
  await expect
    .poll(async () => (await walletsOf(request, m.token, m.id)).deposit, { timeout: 30_000 })
    .toBe('100.00000000');

  // The reorganisation: the transfer's blocks are replaced by a longer chain without it.
  await node.revert({ id: snapshot });
  await mine(CHAIN_URL, CONFIRMATIONS + 5);
  await expect
    .poll(async () => (await apiGet<Held>(request, m.token, '/deposits/held')).held, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe('100.00000000');
  expect(await walletsOf(request, m.token, m.id)).toMatchObject({
    deposit: '0.00000000',
    held: '100.00000000',
  });

  // The member sees it held, and why.
  await signInMember(page, member.email, member.password);
  await expect(page.getByTestId('reorg-held-notice')).toContainText(`${usd('100.00000000')} held`);
  await page.goto('/user/deposit-history');
  const notice = page.getByTestId('reorg-held-notice');
  await expect(notice).toContainText('the chain stopped showing their transfer');
  await expect(notice).toContainText(`Deposit #${id}`);

  // An admin: release refused while the chain lacks the transfer, then reversed.
  const adminPage = await (await browser.newContext()).newPage();
  await signInAdmin(adminPage, demoAdmin.email, demoAdmin.password);
  await adminPage.goto('/admin/deposits');
  const section = adminPage.getByTestId('reorg-held');
  await expect(section).toContainText('Held after a chain reorganisation');
  await section.getByRole('button', { name: `Release held deposit ${id}` }).click();
  let dialog = adminPage.getByRole('dialog', { name: 'Release held deposit' });
  await dialog.getByLabel('Reason').fill('the explorer shows it again');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await expect(dialog).toContainText('does not show this transfer');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  expect((await walletsOf(request, m.token, m.id)).held).toBe('100.00000000');

  await section.getByRole('button', { name: `Reverse held deposit ${id}` }).click();
  dialog = adminPage.getByRole('dialog', { name: 'Reverse held deposit' });
  await expect(dialog).toContainText(`${usd('100.00000000')} leaves the member's account`);
  await dialog.getByLabel('Reason').fill('the transfer is not on chain');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByTestId('reorg-held')).toHaveCount(0);
  expect(await walletsOf(request, m.token, m.id)).toMatchObject({
    deposit: '0.00000000',
    held: '0.00000000',
  });
  await adminPage.context().close();

  await page.reload();
  await expect(page.getByTestId('reorg-held-notice')).toContainText(
    `Deposit #${id} of ${usd('100.00000000')}: reversed`,
  );
});
