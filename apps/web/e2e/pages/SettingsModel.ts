import { expect, type Locator, type Page } from '@playwright/test';
import { type PendingApproval, waitingMessage } from './ApprovalPages';

/** /admin/settings: platform settings and the content tabs. */
export class SettingsModel {
  constructor(readonly page: Page) {}

  async goto(tab?: 'News' | 'Support messages' | 'Achievers' | 'Mail outbox') {
    await this.page.goto('/admin/settings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
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

  /** The preview of an economic change, before it is asked for (decision 0069). */
  get preview() {
    return this.page.getByRole('dialog', { name: 'What this change would have paid' });
  }

  change(label: string) {
    return this.dialog.getByRole('row').filter({ hasText: label });
  }

  /**
   * Saves the reviewed changes with a reason when they include an economic number: the switches apply at once,
   * the rest waits for a second admin (decision 0024). The dialog says so and is closed; returns the approval's id.
   */
  async saveWaiting(reason: string): Promise<number> {
    await this.dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    const answer = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/settings' && r.request().method() === 'PUT',
    );
    await this.dialog.getByRole('button', { name: 'Save settings' }).click();
    // An economic change is previewed first (decision 0069): asked for once its simulation is done.
    await expect(this.preview.getByTestId('simulation-panel')).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    await this.preview.getByRole('button', { name: 'Ask for approval' }).click();
    const res = await answer;
    expect(res.status()).toBe(202);
    const { approval } = (await res.json()) as PendingApproval;
    await expect(this.dialog.getByTestId('approval-pending')).toContainText(waitingMessage);
    await this.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.dialog).toBeHidden();
    return approval.id;
  }
}
