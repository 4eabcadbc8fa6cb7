import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/notifications: the create-notification form (spec 2.4). */
export class NotificationFormPage {
  readonly form: Locator;
  readonly title: Locator;
  readonly message: Locator;
  readonly type: Locator;
  readonly allUsers: Locator;
  readonly search: Locator;
  readonly selected: Locator;
  readonly create: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Create notification' });
    this.title = this.form.getByRole('textbox', { name: 'Title', exact: true });
    this.message = this.form.getByRole('textbox', { name: 'Message', exact: true });
    this.type = this.form.getByRole('combobox', { name: 'Type', exact: true });
    this.allUsers = this.form.getByRole('checkbox', { name: 'All Users' });
    this.search = this.form.getByRole('textbox', { name: 'Find members' });
    this.selected = this.form.getByRole('list', { name: 'Selected members' });
    this.create = this.form.getByRole('button', { name: 'Create', exact: true });
  }

  async goto() {
    await this.page.goto('/admin/notifications');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Create Notification' })).toBeVisible();
  }

  async chooseType(label: 'Notification' | 'Site popup') {
    await this.type.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.type).toHaveValue(label);
  }

  /** Finds a member by e-mail and ticks them. */
  async pick(email: string) {
    await this.search.fill(email);
    const box = this.form.getByRole('checkbox', {
      name: new RegExp(`\\(${email.replace(/\./g, '\\.')}\\)$`),
    });
    await expect(box).toHaveCount(1);
    await box.check();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** /admin/notification/list (spec 2.5). */
export class NotificationListPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('tbody tr');
  }

  async goto() {
    await this.page.goto('/admin/notification/list');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Notification List' })).toBeVisible();
  }

  row(title: string) {
    return this.rows.filter({ hasText: title });
  }
}

/** /user/notifications: the member's notifications with the unread count. */
export class MemberNotificationsPage {
  readonly list: Locator;
  readonly unread: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Notifications' });
    this.unread = page.getByTestId('unread-count');
  }

  async goto() {
    await this.page.goto('/user/notifications');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(this.unread).toBeVisible();
  }

  item(title: string) {
    return this.list.getByRole('listitem', { name: title, exact: true });
  }

  markSeen(title: string) {
    return this.page.getByRole('button', { name: `Mark ${title} as seen` });
  }
}
