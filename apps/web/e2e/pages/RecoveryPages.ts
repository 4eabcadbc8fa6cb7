import { expect, type Locator, type Page } from '@playwright/test';

/** /forgot-password and /reset-password?token=... */
export class RecoveryModel {
  readonly forgotForm: Locator;
  readonly resetForm: Locator;

  constructor(readonly page: Page) {
    this.forgotForm = page.getByRole('form', { name: 'Forgot password' });
    this.resetForm = page.getByRole('form', { name: 'Reset password' });
  }

  async askForLink(email: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
    await this.forgotForm.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await this.forgotForm.getByRole('button', { name: 'Send reset link' }).click();
  }

  async choosePassword(password: string, confirm = password) {
    await this.resetForm.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
    await this.resetForm.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(confirm);
    await this.resetForm.getByRole('button', { name: 'Change password' }).click();
  }
}
