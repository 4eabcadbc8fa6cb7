import { expect, type Locator, type Page } from '@playwright/test';
import { WithdrawalPage } from './MemberMoneyPages';

/** A real 1x1 PNG: a picture the server accepts by its content (JPEG, PNG or WebP). */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** /user/identity: the member's levels and the level-1 form (decision 0074). */
export class MemberIdentityPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/user/identity');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  }

  state(level: 1 | 2): Locator {
    return this.page.getByTestId(`identity-state-${level}`);
  }

  reason(level: 1 | 2): Locator {
    return this.page.getByTestId(`identity-reason-${level}`);
  }

  verifiedLevel(): Locator {
    return this.page.getByTestId('identity-verified-level');
  }

  /** Opens the level-1 form (Start, or Correct and send again) and sends it with two pictures. */
  async submitLevel1(fields: { legalName: string; dateOfBirth: string; country: string }) {
    await this.page.getByTestId('identity-start-1').click();
    const form = this.page.getByTestId('identity-level1-form');
    await form.getByRole('textbox', { name: 'Legal name (as on your document)' }).fill(fields.legalName);
    await form.getByLabel('Date of birth').fill(fields.dateOfBirth);
    const country = form.getByRole('combobox', { name: 'Country of residence' });
    await country.click();
    await country.fill(fields.country);
    await this.page.getByRole('option', { name: fields.country, exact: true }).click();
    await this.page.getByTestId('identity-file-document').setInputFiles({
      name: 'document.png',
      mimeType: 'image/png',
      buffer: SMALL_PNG,
    });
    await this.page.getByTestId('identity-file-selfie').setInputFiles({
      name: 'selfie.png',
      mimeType: 'image/png',
      buffer: SMALL_PNG,
    });
    // The previews of both pictures.
    await expect(
      form.getByRole('img', { name: 'Identity document (passport, ID card or driving licence)' }),
    ).toBeVisible();
    await expect(form.getByRole('img', { name: 'A selfie (your face, clearly visible)' })).toBeVisible();
    await form.getByRole('button', { name: 'Send for review' }).click();
    await expect(this.page.getByTestId('identity-sent')).toBeVisible();
  }
}

/** /admin/identity: the compliance queue and a submission's review. */
export class IdentityReviewScreen {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/identity');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Identity reviews' })).toBeVisible();
  }

  /** Opens the waiting submission of `username` and waits for its two documents to show. */
  async open(username: string) {
    const item = this.page.getByTestId('identity-queue-item').filter({ hasText: username });
    await item.getByRole('button', { name: 'Review' }).click();
    await expect(this.page.getByTestId('identity-typed')).toBeVisible();
    await expect(this.page.getByTestId('identity-doc-id_document').getByRole('img')).toBeVisible();
    await expect(this.page.getByTestId('identity-doc-selfie').getByRole('img')).toBeVisible();
  }

  async reject(reason: string) {
    await this.page.getByTestId('identity-reject-reason').fill(reason);
    await this.page.getByTestId('identity-reject').click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await expect(this.page.getByTestId('identity-review-state')).toHaveText('Rejected');
  }

  async approve() {
    await this.page.getByTestId('identity-approve').click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(this.page.getByTestId('identity-review-state')).toHaveText('Approved');
  }

  async back() {
    await this.page.getByTestId('identity-back').click();
  }
}

/** /user/withdrawal (MemberMoneyPages' page, whose `request` is taken), and a request an identity limit refuses. */
export class LimitedWithdrawalPage extends WithdrawalPage {
  /** Asks for `amount` (whose net is `net`) and returns the refusal shown in the confirmation dialog (still open). */
  async requestRefused(amount: string, net: string): Promise<Locator> {
    await this.page.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
    await expect(this.page.getByTestId('quote-net')).toContainText(net);
    await this.page.getByRole('button', { name: 'Request withdrawal' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Confirm withdrawal' });
    await dialog.getByRole('button', { name: 'Request withdrawal', exact: true }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText('This is more than your identity level allows');
    return refusal;
  }
}
