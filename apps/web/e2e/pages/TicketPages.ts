import { expect, type Locator, type Page } from '@playwright/test';

/** /user/query/create: a member's new support ticket. */
export class QueryCreateModel {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'New query' });
  }

  async goto() {
    await this.page.goto('/user/query/create');
    await expect(this.page.getByRole('heading', { level: 1, name: 'New Query' })).toBeVisible();
  }

  field(name: 'Subject' | 'Message') {
    return this.form.getByRole('textbox', { name, exact: true });
  }

  async chooseCategory(label: string) {
    const select = this.form.getByRole('combobox', { name: 'Category', exact: true });
    await select.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(select).toHaveValue(label);
  }
}

/** A ticket's page: /user/queries/{id} (member) or /admin/ticket/{id} (admin). */
export class TicketThreadModel {
  readonly conversation: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.conversation = page.getByRole('list', { name: 'Conversation' });
    this.status = page.getByTestId('ticket-status');
  }

  messages() {
    return this.conversation.getByRole('listitem');
  }

  replyBox(label: 'Your reply' | 'Answer') {
    return this.page.getByRole('form', { name: label }).getByRole('textbox', { name: label, exact: true });
  }
}

/** /user/queries or /admin/tickets: the ticket lists. */
export class TicketListModel {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('tbody tr');
  }

  async goto(area: 'member' | 'admin') {
    await this.page.goto(area === 'admin' ? '/admin/tickets' : '/user/queries');
    await expect(
      this.page.getByRole('heading', { level: 1, name: area === 'admin' ? 'Tickets' : 'My Queries' }),
    ).toBeVisible();
  }

  row(text: string) {
    return this.rows.filter({ hasText: text });
  }
}
