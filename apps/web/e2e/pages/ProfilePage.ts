import { expect, type Locator, type Page } from '@playwright/test';

/** /user/profile/{id}: the member's own details, the edit form and the password form. */
export class ProfilePage {
  readonly details: Locator;
  readonly password: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByRole('form', { name: 'Personal details' });
    this.password = page.getByRole('form', { name: 'Change password' });
  }

  async goto(id: number) {
    await this.page.goto(`/user/profile/${id}`);
    await expect(this.page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
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
}
