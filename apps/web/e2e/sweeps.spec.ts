import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { type Hex, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { signInAdmin } from './pages/IncomeScreens';
import { installInjectedWallet } from './pages/injectedWallet';
import {
  CHAIN_URL,
  CONFIRMATIONS,
  FACTORY,
  ownEvmAddress,
  payTo,
  restoreReceiving,
  runChainScan,
  setUpChain,
  stablecoinBalance,
  TREASURY,
} from './pages/localChain';
import { addAmounts, apiGet, apiSignIn, usd, walletOf } from './pages/MoneyApi';
import { SweepsPanel } from './pages/SweepsPanel';
import { nextAppCode } from './pages/secondFactor';

/**
 * Sweeping members' own deposit addresses to the treasury (decision 0033) on the run's local chain (anvil as BNB Smart
 * Chain, with the deposit factory chain-server.ts deploys, DEV_ACCOUNTS[8] its treasury): a member's address is
 * paid by a wallet nobody linked and credited; the admin sees it on chain and in the ledger, sweeps it with a reason
 * and the authenticator's code, sends the transaction from the browser's wallet (the operator's, who pays the fee),
 * and sees it confirmed, with its transaction, the tokens at the treasury and both sides reconciled.
 */
const PAYER = privateKeyToAccount(DEV_ACCOUNTS[3]?.privateKey as Hex);
/** The operator's wallet in the admin's browser: any account may send a sweep, it can only reach the treasury. */
const OPERATOR = DEV_ACCOUNTS[7]?.address ?? '';

type Overview = {
  candidates: { address: string; username: string; balance: string; amount: string }[];
  at_member_addresses_on_chain: string;
  at_member_addresses_ledger: string;
  treasury_on_chain: string | null;
  treasury_ledger: string;
};
type Sweeps = { sweeps: { id: number; status: string; tx_hash: string | null; swept: string | null }[] };

test.afterEach(async ({ request }) => restoreReceiving(request));

test('an admin sweeps a member address to the treasury from the browser wallet and sees it confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await setUpChain(request);

  // A member's own address, paid by an unlinked wallet and credited after the confirmations.
  const member = await registerViaApi(request, 'sweep');
  const m = await apiSignIn(request, 'member', member.email, member.password);
  const address = await ownEvmAddress(request, m.token);
  await mintTestStablecoin(CHAIN_URL, DEV_TOKEN_ADDRESS, PAYER.address, parseUnits('40', 18));
  await payTo(PAYER, address, '40');
  await mine(CHAIN_URL, CONFIRMATIONS);
  await runChainScan();
  expect((await walletOf(request, m.token, m.id)).deposit).toBe('40.00000000');

  const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
  const overview = await apiGet<Overview>(request, admin.token, '/sweeps/overview?chain_id=56');
  expect(overview.candidates).toContainEqual(
    expect.objectContaining({ username: member.username, amount: '40.00000000' }),
  );
  // Every address listed is swept: earlier tests of the run may have left some.
  const total = addAmounts(...overview.candidates.map((c) => c.amount));
  const treasuryBefore = await stablecoinBalance(TREASURY);

  // The admin's page: the factory and treasury, chain against ledger, the member's address.
  await installInjectedWallet(page, { rpcUrl: CHAIN_URL, account: OPERATOR });
  await signInAdmin(page, demoAdmin.email, demoAdmin.password);
  const sweeps = new SweepsPanel(page);
  await sweeps.goto();
  await expect(sweeps.chain).toHaveValue('BNB Smart Chain');
  await expect(sweeps.panel).toContainText(new RegExp(FACTORY, 'i'));
  await expect(sweeps.panel).toContainText(new RegExp(TREASURY, 'i'));
  await expect(sweeps.members).toContainText(
    `chain ${usd(overview.at_member_addresses_on_chain)}, ledger ${usd(overview.at_member_addresses_ledger)}`,
  );
  await expect(sweeps.members).toContainText('Reconciled');
  const row = sweeps.candidate(member.username);
  await expect(row).toContainText('40 USDT');

  // Select all, sweep, reason and authenticator code.
  await expect(sweeps.sweepSelected).toBeDisabled();
  await sweeps.selectAll.check();
  await expect(row.getByRole('checkbox', { name: `Select ${member.username}` })).toBeChecked();
  await expect(sweeps.selection).toHaveText(`${overview.candidates.length} selected: ${usd(total)}`);
  await sweeps.sweepSelected.click();
  await expect(sweeps.dialog.getByTestId('sweep-confirm-summary')).toContainText(
    `${overview.candidates.length} member address`,
  );
  await expect(sweeps.dialog).toContainText(TREASURY);
  await sweeps.prepare('e2e: sweep the member addresses', await nextAppCode(demoAdmin.email));

  // Sent from the browser's wallet: to the factory, confirmed once the chain has the confirmations.
  await sweeps.dialog.getByRole('button', { name: 'Connect wallet' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a wallet' });
  await connect.getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(connect).toBeHidden();
  await sweeps.dialog.getByRole('button', { name: 'Send from wallet' }).click();
  const outcome = sweeps.dialog.getByTestId('sweep-outcome');
  await expect(outcome).toContainText('Waiting for confirmations', { timeout: 20_000 });
  const sent = (await apiGet<Sweeps>(request, admin.token, '/sweeps')).sweeps[0];
  expect(sent?.status).toBe('sent');
  const hash = sent?.tx_hash ?? '';
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

  await mine(CHAIN_URL, CONFIRMATIONS);
  await runChainScan();
  await expect(outcome).toContainText('Swept to the treasury', { timeout: 20_000 });
  await expect(outcome).toContainText(`Swept ${usd(total)}.`);
  await expect(outcome.getByTitle(hash)).toBeVisible();
  await sweeps.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sweeps.dialog).toBeHidden();

  // The history: confirmed, with its transaction; the chain: the tokens at the treasury, none left at the address.
  const done = sweeps.sweepRow(hash);
  await expect(done).toContainText('confirmed');
  await expect(done).toContainText(usd(total));
  expect(await stablecoinBalance(address)).toBe('0');
  expect(addAmounts(await stablecoinBalance(TREASURY))).toBe(addAmounts(treasuryBefore, total));
  await expect(sweeps.candidate(member.username)).toHaveCount(0);
  const swept = await apiGet<Overview>(request, admin.token, '/sweeps/overview?chain_id=56');
  expect(swept.at_member_addresses_ledger).toBe(swept.at_member_addresses_on_chain);
  expect(swept.treasury_ledger).toBe(swept.treasury_on_chain);
  await expect(sweeps.members).toContainText('Reconciled');
  await expect(sweeps.treasury).toContainText('Reconciled');
  // The member's balance is theirs whatever is swept.
  expect((await walletOf(request, m.token, m.id)).deposit).toBe('40.00000000');
  expect(errors).toEqual([]);
});
