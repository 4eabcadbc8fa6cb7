import { expect, type Page } from '@playwright/test';

/** The signed-in frame shared by the member and admin areas. */
export class AppShell {
  constructor(readonly page: Page) {}

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async expectSignedInAs(fullname: string) {
    await expect(this.page.getByRole('banner').getByText(fullname)).toBeVisible();
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
