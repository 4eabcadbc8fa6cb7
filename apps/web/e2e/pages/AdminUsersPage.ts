import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/users: the server-paged members table. */
export class AdminUsersPage {
  readonly search: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('textbox', { name: 'Search users' });
    this.rows = page.locator('tbody tr');
  }

  async goto() {
    await this.page.goto('/admin/users');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  }

  row(text: string) {
    return this.rows.filter({ hasText: text });
  }

  async searchFor(text: string) {
    await this.search.fill(text);
    await expect(this.rows).toHaveCount(1);
    await expect(this.row(text)).toBeVisible();
  }

  async open(username: string) {
    await this.row(username).getByRole('link', { name: username, exact: true }).click();
  }

  async delete(username: string) {
    await this.page.getByRole('button', { name: `Delete ${username}` }).click();
  }
}
