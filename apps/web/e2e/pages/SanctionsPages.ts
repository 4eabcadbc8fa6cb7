import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { waitingMessage } from './ApprovalPages';
import { apiGet } from './MoneyApi';

/** A sanctions hit as GET /admin/sanctions lists it (decision 0075). */
export interface SanctionsHitRow {
  id: number;
  kind: string;
  status: string;
  member_id: number;
  address: string;
  list_source: string;
  list_date: string;
  deposit_id: number | null;
  amount: string | null;
  awaiting_approval_id: number | null;
}

export interface SanctionsOverview {
  lists: { id: number; source: string; published_on: string | null; entry_count: number }[];
  operator_entries: { id: number; address: string; note: string | null }[];
  hits: SanctionsHitRow[];
}

/** The sanctions overview as an owner or compliance officer reads it through the API. */
export const sanctionsOverview = (request: APIRequestContext, token: string) =>
  apiGet<SanctionsOverview>(request, token, '/admin/sanctions');

/** /admin/sanctions: the lists in force, the checker, the hits and their decisions, the operator's own list. */
export class AdminSanctionsPage {
  readonly lists: Locator;
  readonly hits: Locator;
  readonly operator: Locator;

  constructor(readonly page: Page) {
    this.lists = page.getByTestId('sanctions-lists');
    this.hits = page.getByTestId('sanctions-hits');
    this.operator = page.getByTestId('sanctions-operator');
  }

  async goto() {
    await this.page.goto('/admin/sanctions');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sanctions screening' })).toBeVisible();
  }

  /** Adds an address to the operator's own list with a reason; waits until the list shows it. */
  async addToOperatorList(address: string, reason: string) {
    await this.operator.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
    await this.operator.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await this.operator.getByRole('button', { name: 'Add to the list' }).click();
    await expect(this.operator.getByRole('table')).toContainText(address.toLowerCase());
  }

  /** The hit's row in the hits table. */
  hit(id: number): Locator {
    return this.hits.locator('tbody tr').filter({ has: this.page.getByText(String(id), { exact: true }) });
  }

  /** Asks for the release of a hit with a reason: the page answers that a second admin must approve. */
  async askRelease(id: number, reason: string) {
    await this.hits.getByRole('button', { name: `Release hit #${id}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Release a sanctions hit' });
    await expect(dialog).toContainText(`Hit #${id}: a held deposit is credited`);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(dialog.getByTestId('approval-pending')).toContainText(waitingMessage);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
