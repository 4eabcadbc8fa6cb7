import { expect, type Locator, type Page } from '@playwright/test';

/** /user/privacy, "Your data" (decision 0077): the copy of the member's data and closing the account. */
export class PrivacyScreen {
  readonly exportPassword: Locator;
  readonly prepare: Locator;
  readonly ready: Locator;
  readonly download: Locator;
  readonly closePassword: Locator;
  readonly closeCode: Locator;
  readonly confirmation: Locator;
  readonly close: Locator;
  readonly blockers: Locator;

  constructor(readonly page: Page) {
    this.exportPassword = page.getByTestId('privacy-export-password');
    this.prepare = page.getByTestId('privacy-export-prepare');
    this.ready = page.getByTestId('privacy-export-ready');
    this.download = page.getByTestId('privacy-export-download');
    this.closePassword = page.getByTestId('privacy-close-password');
    this.closeCode = page.getByTestId('privacy-close-code');
    this.confirmation = page.getByTestId('privacy-close-confirmation');
    this.close = page.getByTestId('privacy-close-submit');
    this.blockers = page.getByTestId('privacy-close-blockers');
  }

  async goto() {
    await this.page.goto('/user/privacy');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  }

  /** Prepares a copy with the password, waits for it, and returns the download the button starts. */
  async downloadCopy(password: string) {
    await this.exportPassword.fill(password);
    await this.prepare.click();
    await expect(this.ready).toBeVisible();
    const downloading = this.page.waitForEvent('download');
    await this.download.click();
    return downloading;
  }

  /**
   * Fills the password (and the authenticator code, for a member with two-factor on) and the typed confirmation,
   * then confirms in the last dialog.
   */
  async closeAccount(password: string, code?: string) {
    await this.closePassword.fill(password);
    if (code !== undefined) await this.closeCode.fill(code);
    await this.confirmation.fill('CLOSE MY ACCOUNT');
    await this.close.click();
    const dialog = this.page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close my account' }).click();
  }
}
