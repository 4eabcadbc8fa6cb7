import { expect, type Locator, type Page } from '@playwright/test';

/** The member menu's Notifications entry and its unread badge. */
export class MemberNav {
  readonly notifications: Locator;
  readonly badge: Locator;

  constructor(readonly page: Page) {
    const menu = page.getByRole('navigation', { name: 'Member area menu' });
    this.notifications = menu.getByRole('link', { name: /^Notifications/ });
    this.badge = this.notifications.getByLabel(/unread notifications$/);
  }
}

/** /user/notifications: the member's own account events, beside the team's notices. */
export class MemberEventsPage {
  readonly activity: Locator;

  constructor(readonly page: Page) {
    this.activity = page.getByRole('list', { name: 'Account activity' });
  }

  event(title: string) {
    return this.activity.getByRole('listitem', { name: title });
  }

  async open(title: string) {
    await this.event(title)
      .getByRole('button', { name: `Open: ${title}` })
      .click();
  }

  async expectLoaded() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  }
}

/** /admin/withdrawals: decline one request with a note. */
export async function declineWithdrawal(page: Page, id: number, note: string) {
  await page.goto('/admin/withdrawals');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await page.getByRole('button', { name: `Decline withdrawal ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline withdrawal' });
  await expect(dialog).toBeVisible();
  const noteBox = dialog.getByRole('textbox');
  if ((await noteBox.count()) > 0) await noteBox.first().fill(note);
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(dialog).toBeHidden();
}
