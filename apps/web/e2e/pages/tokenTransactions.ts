import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/sgx-transactions: the tabs All Transactions and Price History, and the member lookup. */
export class TokenTransactionsPage {
  readonly lookup: Locator;

  constructor(readonly page: Page) {
    this.lookup = page.getByRole('region', { name: 'Look up a member' });
  }

  async goto() {
    await this.page.goto('/admin/sgx-transactions');
    await expect(this.page.getByRole('heading', { level: 1, name: 'SGX Transactions' })).toBeVisible();
  }

  tab(name: 'All Transactions' | 'Price History') {
    return this.page.getByRole('tab', { name });
  }

  get panel() {
    return this.page.getByRole('tabpanel');
  }

  /** Body rows of the open tab's table. */
  get rows() {
    return this.panel.locator('tbody tr');
  }

  search(label: 'transactions' | 'price history' | 'member transactions') {
    return this.page.getByRole('textbox', { name: `Search ${label}`, exact: true });
  }

  pager(label: string) {
    return this.page.getByRole('navigation', { name: `${label} pages` });
  }

  async filter(name: 'Status' | 'Type', option: string) {
    await this.panel.getByRole('combobox', { name, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
