import { DEV_ACCOUNTS } from '@sgx/chain/dev';
import { expect, registerViaApi, test } from './fixtures';
import { installInjectedWallet } from './pages/injectedWallet';
import { CHAIN_URL } from './pages/localChain';
import { SignInPage } from './pages/SignInPage';

/**
 * Decision 0052: the wallet stack (wagmi, viem: the walletRuntime chunk) loads only where a wallet is used. The
 * member header shows a light "Connect wallet" that loads it on a click, and restores a connection from an
 * earlier visit once the page is idle.
 */
test('the member header loads the wallet code on a click, and restores a connection on the next visit', async ({
  page,
  request,
}) => {
  const account = DEV_ACCOUNTS[1]?.address ?? '';
  const member = await registerViaApi(request, 'header');
  const walletCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/walletRuntime-[^/]+\.js$/.test(r.url())) walletCode.push(r.url());
  });
  await installInjectedWallet(page, { rpcUrl: CHAIN_URL, account });
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const header = page.getByRole('banner');
  const connect = header.getByRole('button', { name: 'Connect wallet' });
  await expect(connect).toBeVisible();
  // Past the header's idle load (at most 2 s), which a member without a remembered connection never triggers.
  await page.waitForTimeout(2500);
  expect(walletCode, 'the dashboard must not load the wallet stack').toEqual([]);

  await connect.click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(dialog).toBeVisible();
  expect(walletCode).toHaveLength(1);
  await dialog.getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-button')).toContainText(
    `${account.slice(0, 6)}…${account.slice(-4)}`,
  );

  // The next visit: the remembered connection comes back without a click.
  await page.reload();
  await expect(page.getByTestId('wallet-button')).toContainText(
    `${account.slice(0, 6)}…${account.slice(-4)}`,
  );
});
