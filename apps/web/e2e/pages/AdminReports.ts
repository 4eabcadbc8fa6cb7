import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/income: the matrix, the daily chart, top earners and the CSV export. */
export class AdminIncomePage {
  readonly matrix: Locator;
  readonly byType: Locator;
  readonly earners: Locator;

  constructor(readonly page: Page) {
    this.matrix = page.getByTestId('income-matrix');
    this.byType = page.getByTestId('income-by-type');
    this.earners = page.getByTestId('income-top-earners');
  }

  async goto() {
    await this.page.goto('/admin/income');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
  }

  /** The per-type row of an income type ("Direct income"). */
  typeRow(label: string) {
    return this.byType.getByRole('row').filter({ hasText: label });
  }

  async chooseType(label: string) {
    await this.earners.getByRole('combobox', { name: 'Income type', exact: true }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async showTopEarners() {
    await this.earners.getByRole('button', { name: 'Show top earners' }).click();
    await expect(this.page.getByTestId('top-earners')).toBeVisible();
  }

  async exportCsv() {
    const download = this.page.waitForEvent('download');
    await this.earners.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}

/** /admin/reports: salary, CTO and defaulters tabs. */
export class AdminReportsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/reports');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  }

  async openTab(name: 'Salary' | 'CTO' | 'Defaulters') {
    await this.page.getByRole('tab', { name }).click();
  }

  /** Runs the salary of a month through the confirmation; returns the dialog's text. */
  async runSalary(month: string) {
    const card = this.page.getByTestId('salary-run');
    await card.getByRole('combobox', { name: 'Month to pay', exact: true }).click();
    await this.page.getByRole('option', { name: month, exact: true }).click();
    await card.getByRole('button', { name: 'Run salary' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Run salary' });
    await expect(dialog).toContainText(month);
    await dialog.getByRole('button', { name: 'Run salary' }).click();
    await expect(dialog).toBeHidden();
  }

  get defaulters() {
    return this.page.getByTestId('defaulters');
  }
}
