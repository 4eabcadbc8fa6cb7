import { expect, type Locator, type Page } from '@playwright/test';

/** The back-office Webhooks page (decision 0072): endpoints, the create dialog, the delivery log. */
export class WebhooksScreen {
  readonly endpoints: Locator;
  readonly log: Locator;

  constructor(readonly page: Page) {
    this.endpoints = page.getByTestId('webhook-endpoints');
    this.log = page.getByTestId('webhook-log');
  }

  /** Adds an endpoint through the dialog (`events`: the checkboxes' labels); returns the secret shown once. */
  async create(url: string, events: string[], description: string, code: string): Promise<string> {
    await this.endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    const form = this.page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint address' }).fill(url);
    await form.getByRole('textbox', { name: 'Description' }).fill(description);
    for (const e of events) await form.getByRole('checkbox', { name: e, exact: true }).check();
    await form.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Signing secret' });
    await expect(dialog.getByText('it is not shown again')).toBeVisible();
    const secret = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    await expect(dialog.getByRole('button', { name: 'Copy Signing secret' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    return secret;
  }

  /** An endpoint's row: a table row on wider screens, a card (list item) on phones. */
  row(url: string): Locator {
    return this.endpoints.getByRole('row').or(this.endpoints.getByRole('listitem')).filter({ hasText: url });
  }

  async action(
    url: string,
    name: 'Delivery log' | 'Send test ping' | 'Edit' | 'Disable' | 'Enable' | 'Delete',
  ): Promise<void> {
    await this.endpoints.getByRole('button', { name: `${name} ${url}` }).click();
  }

  /** The delivery log's attempts: rows on wider screens, cards on phones. */
  attempts(): Locator {
    return this.log.getByRole('row').or(this.log.getByRole('listitem')).filter({ hasText: 'ms' });
  }

  /** Ticks more events in the edit dialog and saves. */
  async addEvents(url: string, events: string[]): Promise<void> {
    await this.action(url, 'Edit');
    const form = this.page.getByRole('form', { name: 'Edit the endpoint' });
    for (const e of events) await form.getByRole('checkbox', { name: e, exact: true }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
  }

  async remove(url: string): Promise<void> {
    await this.action(url, 'Delete');
    const confirm = this.page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Delete the endpoint ${url}?`);
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(confirm).toBeHidden();
    await expect(this.row(url)).toHaveCount(0);
  }
}
