import { expect, type Locator, type Page } from '@playwright/test';

/** The API keys panel (decision 0071): the back-office page, or the member's Security page. */
export class ApiKeysScreen {
  readonly panel: Locator;

  constructor(
    readonly page: Page,
    kind: 'staff' | 'member',
  ) {
    this.panel = page.getByTestId(`api-keys-${kind}`);
  }

  /** Makes a key through the dialog (`scopes`: the checkboxes' names, a staff key's); returns the secret shown once. */
  async create(name: string, scopes: string[], code: string): Promise<string> {
    await this.panel.getByRole('button', { name: 'New key' }).click();
    const form = this.page.getByRole('form', { name: 'New API key' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    for (const scope of scopes) await form.getByRole('checkbox', { name: scope }).check();
    await form.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await form.getByRole('button', { name: 'Create key' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Copy your new key' });
    await expect(dialog.getByText('This is the only time the secret is shown.')).toBeVisible();
    const secret = (await dialog.getByTestId('api-key-secret').innerText()).trim();
    await expect(dialog.getByRole('button', { name: 'Copy API key secret' })).toBeVisible();
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(dialog).toBeHidden();
    return secret;
  }

  /** A key's row: a table row on wider screens, a card (list item) on phones. */
  row(name: string): Locator {
    return this.panel.getByRole('row').or(this.panel.getByRole('listitem')).filter({ hasText: name });
  }

  /** Revokes a key, confirming in the dialog. */
  async revoke(name: string): Promise<void> {
    await this.panel.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Revoke the key “${name}”`);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirm).toBeHidden();
    await expect(this.row(name)).toContainText('Revoked');
  }
}
