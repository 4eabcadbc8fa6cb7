import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/dashboard: the first-run setup checklist card. */
export class SetupChecklistCard {
  readonly card: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Setup checklist' });
  }

  async goto() {
    await this.page.goto('/admin/dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(this.card).toBeVisible();
  }

  item(key: string): Locator {
    return this.card.getByTestId(`setup-${key}`);
  }
}

/** /user/web3-deposit when the platform has no receiving address: a message, no way to deposit. */
export class DepositsNotOpenPage {
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.message = page.getByTestId('deposits-not-open');
  }

  async goto() {
    await this.page.goto('/user/web3-deposit');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Web3 Deposit' })).toBeVisible();
  }
}
