import { formatUnits, parseUnits, percentOf } from '@sgx/money';
import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { approveAsSecondAdmin, expectWaitingIn, pendingApprovals } from './pages/ApprovalPages';
import { SignInPage } from './pages/SignInPage';
import { currentPrice, fundMember, tradeAs } from './pages/tokenApi';
import { TokenScreen } from './pages/tokenScreen';
import { TokenTransactionsPage } from './pages/tokenTransactions';

test.beforeEach(async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an admin updates the price with a reason; it applies once a second admin approves, and is in the price history', async ({
  page,
  request,
}) => {
  const token = new TokenScreen(page, 'admin');
  await token.goto();
  // Admins hold no SGX: no portfolio, no Buy or Sell, and a note saying why.
  await expect(page.getByRole('heading', { name: 'Trading is for members' })).toBeVisible();
  await expect(token.button('Buy')).toHaveCount(0);
  await expect(token.button('Sell')).toHaveCount(0);
  await expect(page.getByTestId('contract-address')).toHaveText('Not deployed yet');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeDisabled();

  const dialog = await token.open('Update Price', 'Update Token Price');
  const update = dialog.button('Update Price');
  await expect(dialog.root).toContainText('Enter a positive value to set the new token price');
  await expect(dialog.root).toContainText('A manual update changes the price for every user');
  await expect(update).toBeDisabled();
  await dialog.amount.fill('0');
  await expect(dialog.root).toContainText('Please enter a valid price.');
  await expect(update).toBeDisabled();

  const before = parseUnits(await currentPrice(request));
  const target = formatUnits(before + percentOf(before, parseUnits('5')));
  await dialog.amount.fill(target);
  await expect(dialog.summary('Price change')).toHaveText(/^\+\$0\.\d+ \(\+5\.00%\)$/);
  // The reason is required: without it nothing is sent.
  await expect(update).toBeDisabled();
  const reason = `e2e quarterly review ${Date.now()}`;
  await dialog.field('Reason').fill(reason);
  await expect(update).toBeEnabled();
  await update.click();

  // A second admin approves it first (decision 0029): the dialog says so, and the price stays as it was.
  await expectWaitingIn(page, 'Update Token Price');
  const priceBefore = await token.price.innerText();
  await expect(token.price).toHaveText(priceBefore);
  expect(parseUnits(await currentPrice(request))).toBe(before);
  const again = await token.open('Update Price', 'Update Token Price');
  await expect(again.root.getByTestId('price-pending')).toContainText(`Price: ${formatUnits(before)} →`);
  await again.button('Cancel').click();
  const [asked] = await pendingApprovals(request, 'token_price');
  if (asked === undefined) throw new Error('the price change was not asked for');
  await approveAsSecondAdmin(request, asked.id);
  expect(parseUnits(await currentPrice(request))).toBeGreaterThan(before);
  await page.reload();
  await expect(token.price).not.toHaveText(priceBefore);
  const shown = await token.price.innerText();

  const transactions = new TokenTransactionsPage(page);
  await transactions.goto();
  await transactions.tab('Price History').click();
  const first = transactions.rows.first();
  await expect(first).toContainText(`manual update by admin: ${reason}`);
  await expect(first).toContainText(shown);
  await expect(first).toContainText('N/A');

  // The search box filters on the client across all fields.
  await transactions.search('price history').fill(reason);
  await expect(transactions.rows).toHaveCount(1);
  await expect(transactions.pager('price history')).toContainText('Page 1 of 1');
});

test('an admin sees members’ trades, filters them, and looks one member up with hashes', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, 'token-dash');
  await fundMember(request, member.id, '50');
  const bought = await tradeAs(request, member, 'buy', '250');
  const sold = await tradeAs(request, member, 'sell', '50');

  const transactions = new TokenTransactionsPage(page);
  await transactions.goto();
  await expect(transactions.tab('All Transactions')).toHaveAttribute('aria-selected', 'true');
  const mine = transactions.rows.filter({
    has: page.getByRole('link', { name: member.username, exact: true }),
  });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText('SELL');
  await expect(mine.first()).toContainText('50.00 SGX');
  await expect(mine.first()).toContainText('completed');
  await expect(mine.last()).toContainText('BUY');
  await expect(mine.last()).toContainText('250.00 SGX');

  // Filters go to the server: only sells.
  await transactions.filter('Type', 'SELL');
  await expect(mine).toHaveCount(1);
  await expect(transactions.rows.filter({ hasText: 'BUY' })).toHaveCount(0);
  await transactions.filter('Type', 'All');
  await transactions.filter('Status', 'failed');
  await expect(transactions.panel).toContainText('No SGX transactions yet.');
  await transactions.filter('Status', 'All');
  await expect(mine).toHaveCount(2);

  // The member lookup starts at user 1 and shows one member's trades with their hashes.
  const userId = transactions.lookup.getByRole('textbox', { name: 'User ID' });
  await expect(userId).toHaveValue('1');
  await userId.fill(String(member.id));
  await transactions.lookup.getByRole('button', { name: 'Look up' }).click();
  const lookupRows = transactions.lookup.locator('tbody tr');
  await expect(lookupRows).toHaveCount(2);
  await expect(lookupRows.first()).toContainText(sold.transaction_hash.slice(0, 10));
  await expect(lookupRows.last()).toContainText(bought.transaction_hash.slice(0, 10));
  await transactions.search('member transactions').fill(bought.transaction_hash);
  await expect(lookupRows).toHaveCount(1);
  await expect(lookupRows.first()).toContainText('BUY');
});
