import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { apiGet } from './MoneyApi';
import { putSettings } from './outbox';
import { databaseUrl } from './serverJobs';

/** Income held before it is paid (decision 0076), as the member's API reads it. */
export interface PendingIncome {
  total: string;
  holds: { id: number; amount: string; income_type: string; earned_at: string; release_at: string | null }[];
}

export const pendingOf = (request: APIRequestContext, token: string) =>
  apiGet<PendingIncome>(request, token, '/income/pending');

/** The hold days per income type (an economic setting: the second demo admin approves it). 0 everywhere: as before. */
export function setHoldDays(request: APIRequestContext, days: Partial<Record<string, number>>) {
  return putSettings(request, {
    incomeHoldDays: {
      roi_income: 0,
      level_month: 0,
      direct_income: 0,
      reward: 0,
      salary: 0,
      cto: 0,
      ...days,
    },
  });
}

/**
 * Moves the release date of a member's dated held income a minute into the past, as if its days had gone by (the
 * run's database, as its owner): the daily job then pays it. Nothing else is touched.
 */
export async function makeHoldsDue(memberId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE income_holds SET release_at = now() - interval '1 minute'
       WHERE member_id = $1 AND state = 'held' AND release_at IS NOT NULL`,
      [memberId],
    );
    return res.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The member's "Pending" card (income page and dashboard). */
export class PendingIncomeCard {
  readonly card: Locator;
  constructor(readonly page: Page) {
    this.card = page.getByTestId('pending-income');
  }
  rows() {
    return this.card.getByTestId('pending-income-row');
  }
  async expectShown(texts: string[]) {
    for (const text of texts) await expect(this.card).toContainText(text);
  }
}

/** Compliance's held income page. */
export class HeldIncomeAdmin {
  readonly section: Locator;
  constructor(readonly page: Page) {
    this.section = page.getByTestId('held-income');
  }
  async goto() {
    await this.page.goto('/admin/held-income');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Held income' })).toBeVisible();
  }
  async reverse(holdId: number, reason: string) {
    await this.section.getByRole('button', { name: `Reverse held income ${holdId}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Reverse held income' });
    await expect(dialog).toContainText('The member sees the reversal with your reason.');
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Compliance's member flags page. */
export class FlagsAdmin {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/admin/compliance/flags');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Member flags' })).toBeVisible();
  }
  async raise(member: string, reason: string) {
    const form = this.page.getByTestId('raise-flag');
    await form.getByLabel('Member').fill(member);
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Flag member' }).click();
    await expect(this.page.getByTestId('member-flags')).toContainText(reason);
  }
}
