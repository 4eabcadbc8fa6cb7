import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/check/profile/{id}: read-only details and the Editable Details form (spec 2.3). */
export class AdminUserDetailPage {
  readonly form: Locator;
  readonly fullName: Locator;
  readonly status: Locator;
  /** Appears when Blocked is chosen; the member reads it (decision 0035). */
  readonly blockReason: Locator;
  readonly save: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Editable Details' });
    this.fullName = this.form.getByRole('textbox', { name: 'Full Name', exact: true });
    this.status = this.form.getByRole('combobox', { name: 'Status', exact: true });
    this.blockReason = this.form.getByRole('textbox', { name: 'Reason for blocking' });
    this.save = this.form.getByRole('button', { name: 'Save Changes' });
    this.message = page.getByTestId('save-message');
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/admin\/check\/profile\/\d+$/);
    await expect(this.save).toBeVisible();
  }

  readOnly(label: string) {
    return this.page.getByTestId(`field-${label}`);
  }

  async choose(select: Locator, option: string) {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveValue(option);
  }
}
