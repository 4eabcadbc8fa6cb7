import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { type Hex, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, registerViaApi, test } from './fixtures';
import { signInMember } from './pages/IncomeScreens';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  MIN_DEPOSIT,
  ownEvmAddress,
  payTo,
  restoreReceiving,
  runChainScan,
  setUpChain,
  stablecoinBalance,
} from './pages/localChain';
import { MemberDashboardPage } from './pages/MemberMoneyPages';
import { addAmounts, apiGet, apiSignIn, usd, walletOf } from './pages/MoneyApi';
import { DepositHistoryPage, OwnAddressPage } from './pages/OwnAddressPages';

/**
 * A member's own deposit address (decision 0033) on the run's local chain (anvil as BNB Smart Chain, with the deposit
 * factory chain-server.ts deploys): the member reads it on /user/web3-deposit (QR code, copy, networks, minimum,
 * confirmations) on a phone and on a laptop, a wallet nobody linked pays it (viem, not the page), and the member
 * watches the deposit history count its confirmations and credit it, with nothing to report. The server's
 * minutely chain job runs at once (runChainScan) instead of at the minute.
 */
const screens = [
  // On the phone the member waits on the deposit history for the transfer to appear (the list reads itself
  // again every 30 s); on the laptop they open it once the scan found it.
  { name: 'phone', viewport: { width: 390, height: 844 }, payer: 3, waitOnHistory: true },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, payer: 4, waitOnHistory: false },
] as const;

type Listed = {
  deposits: {
    id: number;
    amount: string;
    status: string;
    source: string;
    chain_id: number;
    chain_status: string;
    hash: string;
    from_address: string;
    to_address: string;
  }[];
};

test.afterEach(async ({ request }) => restoreReceiving(request));

for (const screen of screens) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a member sees their own address, an unlinked wallet pays it, and it is credited after the confirmations', async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(150_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await setUpChain(request);
      const member = await registerViaApi(request, `own${screen.name}`);
      const api = await apiSignIn(request, 'member', member.email, member.password);
      const before = await walletOf(request, api.token, api.id);

      // The page: the member lands on their own address.
      await context.grantPermissions(['clipboard-write']);
      const own = new OwnAddressPage(page);
      await own.recordCopies();
      await signInMember(page, member.email, member.password);
      await own.goto();
      await expect(own.tab('Your address')).toHaveAttribute('aria-selected', 'true');
      await expect(own.tab('From your wallet')).toBeVisible();
      await expect(own.tab('Send manually')).toBeVisible();
      await expect(own.evm).toBeVisible();
      const address = await ownEvmAddress(request, api.token);
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await expect(own.address).toHaveText(address);
      await expect(own.qr).toBeVisible();
      await expect(own.evm).toContainText('USDT');
      await expect(own.evm.getByTestId('own-deposit-address-chains')).toContainText('BNB Smart Chain');
      await expect(own.evm).toContainText('Anyone can send to it (an exchange withdrawal works)');
      const bsc = own.chain(56);
      await expect(bsc).toContainText('BNB Smart Chain');
      await expect(bsc).toContainText(`credited after ${CONFIRMATIONS} confirmations`);
      await expect(bsc).toContainText(
        `Minimum ${MIN_DEPOSIT} USDT: smaller transfers are recorded, not credited`,
      );
      await expect(bsc).toContainText(`USDT contract ${DEV_TOKEN_ADDRESS.slice(0, 6)}…`);
      await own.copy.click();
      await expect(own.evm.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await own.copied()).toBe(address);
      expect(await own.sidewaysOverflow()).toEqual([]);

      // On the phone the member opens the history before anything is sent, and waits there.
      const history = new DepositHistoryPage(page);
      if (screen.waitOnHistory) {
        await history.goto();
        await expect(page.getByText('No deposits yet.')).toBeVisible();
      }

      // A wallet no member linked pays the address, outside the page (as an exchange withdrawal would).
      const payer = privateKeyToAccount(DEV_ACCOUNTS[screen.payer]?.privateKey as Hex);
      await mintTestStablecoin(CHAIN_URL, DEV_TOKEN_ADDRESS, payer.address, parseUnits('30', 18));
      const hash = await payTo(payer, address, '30');
      expect(await stablecoinBalance(address)).toBe('30');

      // The scan finds it within its confirmations (the server's own minutely job may be first): recorded, shown
      // confirming, not credited.
      await runChainScan();
      const listed = await apiGet<Listed>(request, api.token, '/deposite/list');
      expect(listed.deposits).toHaveLength(1);
      const deposit = listed.deposits[0];
      if (deposit === undefined) throw new Error('no deposit');
      expect(deposit).toMatchObject({
        amount: '30.00000000',
        status: 'pending',
        source: 'address',
        chain_id: 56,
        chain_status: 'confirming',
        hash,
      });
      expect(deposit.to_address.toLowerCase()).toBe(address.toLowerCase());
      expect(deposit.from_address.toLowerCase()).toBe(payer.address.toLowerCase());

      if (!screen.waitOnHistory) await history.goto();
      await expect(history.progress(deposit.id)).toHaveText(`Confirming 0/${CONFIRMATIONS}`, {
        timeout: 40_000,
      });
      await expect(history.progress(deposit.id)).toBeVisible();
      await expect(history.toOwnAddress(deposit.id)).toHaveText('To your address');
      await expect(history.check(deposit.id)).toContainText('confirming');
      await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
      expect(await own.sidewaysOverflow()).toEqual([]);

      // Blocks on top of it: the page follows by itself; one block short of the floor it is still not credited.
      await mine(CHAIN_URL, 5);
      await runChainScan();
      await expect(history.progress(deposit.id)).toHaveText(`Confirming 5/${CONFIRMATIONS}`, {
        timeout: 15_000,
      });
      await mine(CHAIN_URL, CONFIRMATIONS - 6);
      await runChainScan();
      await expect(history.progress(deposit.id)).toHaveText(
        `Confirming ${CONFIRMATIONS - 1}/${CONFIRMATIONS}`,
        { timeout: 15_000 },
      );
      expect((await walletOf(request, api.token, api.id)).deposit).toBe(before.deposit);

      // The last confirmation: credited by itself.
      await mine(CHAIN_URL, 1);
      await runChainScan();
      await expect(history.check(deposit.id)).toContainText('verified on chain', { timeout: 15_000 });
      await expect(history.progress(deposit.id)).toHaveCount(0);
      await expect(history.toOwnAddress(deposit.id)).toHaveText('To your address');
      const after = await walletOf(request, api.token, api.id);
      expect(after.deposit).toBe(addAmounts(before.deposit, '30'));

      // Credited once: another scan changes nothing.
      await runChainScan();
      expect((await walletOf(request, api.token, api.id)).deposit).toBe(after.deposit);
      const again = await apiGet<Listed>(request, api.token, '/deposite/list');
      expect(again.deposits).toHaveLength(1);
      expect(again.deposits[0]).toMatchObject({ status: 'complete', chain_status: 'credited' });

      // The Business Balance shows it.
      const dashboard = new MemberDashboardPage(page);
      await dashboard.goto();
      await expect(dashboard.amount('deposit')).toHaveText(usd(after.deposit));
      expect(errors).toEqual([]);
    });
  });
}
