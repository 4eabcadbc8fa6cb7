import { expect, type Locator, type Page } from '@playwright/test';
import { usd, type WalletBalances } from './MoneyApi';

/** Confirmation dialogs of money actions: the dialog by its title, and its confirm button. */
export async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** /user/dashboard: the wallet cards. */
export class MemberDashboardPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/user/dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  amount(wallet: keyof WalletBalances): Locator {
    return this.page.getByTestId(`wallet-${wallet}`).getByTestId('amount');
  }

  /** Every wallet card shows exactly what the API answers. */
  async expectWallets(wallets: WalletBalances) {
    for (const key of Object.keys(wallets) as (keyof WalletBalances)[]) {
      await expect(this.amount(key)).toHaveText(usd(wallets[key]));
    }
  }
}

/** /user/web3-deposit, "Send manually": receiving address and the form to report a transfer. */
export class Web3DepositPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Deposit form' });
  }

  async goto() {
    await this.page.goto('/user/web3-deposit');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Web3 Deposit' })).toBeVisible();
    await this.page.getByRole('tab', { name: 'Send manually' }).click();
    await expect(this.form).toBeVisible();
  }

  async deposit(amount: string, hash: string) {
    await this.form.getByRole('textbox', { name: 'Amount sent (USD)' }).fill(amount);
    await this.form.getByRole('textbox', { name: 'Transaction hash' }).fill(hash);
    await this.form.getByRole('button', { name: 'Submit deposit' }).click();
    await confirmIn(this.page, 'Confirm deposit', 'Submit deposit');
  }
}

/** /user/subscription */
export class SubscriptionPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/user/subscription');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  }

  async buy(plan: string, expectBalanceLine: string) {
    await this.page.getByRole('button', { name: `Buy ${plan}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Buy plan' });
    await expect(dialog.getByTestId('buy-balance')).toHaveText(expectBalanceLine);
    await confirmIn(this.page, 'Buy plan', 'Buy now');
  }
}

/** /user/withdrawal */
export class WithdrawalPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/user/withdrawal');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Withdrawal' })).toBeVisible();
  }

  kind(name: string) {
    return this.page.getByRole('radiogroup', { name: 'Withdrawal kind' }).getByText(name, { exact: true });
  }

  async request(amount: string, expectedNet: string) {
    await this.page.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
    await expect(this.page.getByTestId('quote-net')).toContainText(expectedNet);
    await this.page.getByRole('button', { name: 'Request withdrawal' }).click();
    await confirmIn(this.page, 'Confirm withdrawal', 'Request withdrawal');
  }
}
