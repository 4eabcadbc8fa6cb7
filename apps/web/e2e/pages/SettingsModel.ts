import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/settings: platform settings and the content tabs. */
export class SettingsModel {
  constructor(readonly page: Page) {}

  async goto(tab?: 'News' | 'Support messages' | 'Achievers' | 'Mail outbox') {
    await this.page.goto('/admin/settings');
    await expect(this.page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    if (tab) await this.page.getByRole('tab', { name: tab }).click();
  }

  switch(label: string): Locator {
    return this.page.getByRole('switch', { name: label });
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  get review() {
    return this.page.getByRole('button', { name: 'Review and save' });
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Save these settings?' });
  }

  change(label: string) {
    return this.dialog.getByRole('row').filter({ hasText: label });
  }
}
