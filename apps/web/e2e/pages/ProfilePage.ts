import { expect, type Locator, type Page } from '@playwright/test';

/** /user/profile/{id}: the member's own details, the payout addresses, the password form. */
export class ProfilePage {
  readonly details: Locator;
  readonly password: Locator;
  /** The Payout addresses section (decision 0025). */
  readonly payout: Locator;
  readonly payoutForm: Locator;
  /** One banner per payout address change still on hold. */
  readonly holds: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByRole('form', { name: 'Personal details' });
    this.password = page.getByRole('form', { name: 'Change password' });
    this.payout = page.getByRole('region', { name: 'Payout addresses' });
    this.payoutForm = page.getByRole('form', { name: 'Change payout address' });
    this.holds = page.getByTestId('payout-hold');
  }

  async goto(id: number) {
    await this.page.goto(`/user/profile/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  }

  detailField(name: string) {
    return this.details.getByRole('textbox', { name, exact: true });
  }

  passwordField(name: string) {
    return this.password.getByRole('textbox', { name, exact: true });
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  /** The current address of a currency as the section shows it. */
  payoutCurrent(currency: 'BEP20' | 'TRC20') {
    return this.page.getByTestId(`payout-current-${currency}`);
  }

  /** Fills the change form: the currency, the new address, the password ('' leaves a field empty). */
  async fillPayoutChange(currency: 'BEP20' | 'TRC20', address: string, password: string) {
    // The switch and the field name the address kind (decision 0041): one EVM address serves every EVM chain.
    const kind = currency === 'BEP20' ? 'EVM' : 'TRON';
    await this.payoutForm.getByText(kind, { exact: true }).click();
    await this.payoutForm.getByRole('textbox', { name: `New ${kind} address` }).fill(address);
    await this.payoutForm.getByLabel('Your password').fill(password);
  }

  /** Asks for the e-mailed code (members without two-factor) and waits for the server's answer. */
  async sendPayoutEmailCode() {
    await this.payoutForm.getByRole('button', { name: 'Send code to my e-mail' }).click();
    await expect(this.payoutForm.getByRole('status')).toContainText('A 6-digit code is on its way');
  }

  /** Enters the e-mailed code, sends the form and confirms the old and new address in the dialog. */
  async confirmPayoutChange(emailCode: string, expectFrom: string, expectTo: string) {
    await this.payoutForm.getByRole('textbox', { name: 'Code from the e-mail' }).fill(emailCode);
    await this.payoutForm.getByRole('button', { name: 'Change address' }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Change your (EVM|TRON) payout address\?$/ });
    await expect(dialog).toContainText(`From: ${expectFrom}`);
    await expect(dialog).toContainText(`To: ${expectTo}`);
    await dialog.getByRole('button', { name: 'Change address' }).click();
    await expect(dialog).toBeHidden();
  }
}
