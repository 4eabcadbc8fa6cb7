import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/token: the form that sets the SGX token's contract address, and its confirmation dialog. */
export class TokenContractForm {
  readonly form: Locator;
  readonly address: Locator;
  readonly reason: Locator;
  readonly review: Locator;
  readonly shown: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Contract address form' });
    this.address = this.form.getByRole('textbox', { name: 'New contract address' });
    this.reason = this.form.getByRole('textbox', { name: 'Reason' });
    this.review = this.form.getByRole('button', { name: 'Review and save' });
    this.shown = page.getByTestId('contract-address');
    this.dialog = page.getByRole('dialog', { name: 'Save the contract address?' });
  }

  async goto() {
    await this.page.goto('/admin/token');
    await expect(this.page.getByRole('heading', { level: 1, name: 'SGX Token' })).toBeVisible();
    await expect(this.review).toBeEnabled();
  }

  /** Fills the form and asks for the confirmation. */
  async fill(address: string, reason: string) {
    await this.address.fill(address);
    await this.reason.fill(reason);
    await this.review.click();
  }

  dialogValue(which: 'current' | 'new'): Locator {
    return this.dialog.getByTestId(`contract-${which}`);
  }

  async confirm() {
    await this.dialog.getByRole('button', { name: 'Save address' }).click();
  }
}
