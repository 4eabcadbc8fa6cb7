import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** What an element scrolls sideways: how much wider its content is than its box. */
export interface SidewaysOverflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * An admin list page seen as a responsive table (ui/DataTable with column priorities) or, on a phone, as
 * cards (ui/ResponsiveTable): what scrolls sideways, which columns show, which fold into a row's details.
 */
export class AdminTablePage {
  /** Where the table under test is (the main area, or a tab panel when the page has several tables). */
  readonly scope: Locator;

  constructor(
    readonly page: Page,
    readonly path: string,
    readonly heading: string,
    scope?: (page: Page) => Locator,
  ) {
    this.scope = scope?.(page) ?? page.getByRole('main');
  }

  async goto() {
    await this.page.goto(this.path);
    await expect(this.page.getByRole('heading', { level: 1, name: this.heading })).toBeVisible();
  }

  /** Body rows of the table (not the rows that hold another row's details). */
  get rows() {
    return this.scope.locator('tbody tr:not([data-row-detail])');
  }

  /** The line a table (ui/DataTable) shows in place of rows when it has none. */
  emptyState(text: string) {
    return this.scope.getByText(text, { exact: true });
  }

  /** Where a row names a member (ui/MemberName: "Name · username", the number on hover). */
  memberName(row: Locator, id: number) {
    return row.locator(`[data-member-id="${id}"]`).first();
  }

  /** Phone layout of ui/ResponsiveTable: one card per row. */
  get cards() {
    return this.scope.getByRole('listitem');
  }

  /**
   * The document and every element in the main area that may scroll sideways, with their widths, keeping
   * only those whose content is wider than their box.
   */
  async sidewaysOverflow(): Promise<SidewaysOverflow[]> {
    return this.page.evaluate(() => {
      const found: { what: string; scrollWidth: number; clientWidth: number }[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) {
        found.push({ what: 'document', scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth });
      }
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
        const overflowX = getComputedStyle(el).overflowX;
        if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          const label = el.hasAttribute('data-table-scroll') ? 'table scroll container' : el.className;
          found.push({ what: label, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
        }
      }
      return found;
    });
  }

  /** The table's scroll container: present and not scrolling sideways. */
  async expectTableFits() {
    const container = this.scope.locator('[data-table-scroll]').first();
    await expect(container).toBeVisible();
    const { scrollWidth, clientWidth } = await container.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
  }

  /** Column headers shown as columns, and those folded into the rows' details. */
  async columns(): Promise<{ shown: string[]; folded: string[] }> {
    const headers = this.scope.locator('thead th[data-column]');
    const shown: string[] = [];
    const folded: string[] = [];
    for (const th of await headers.all()) {
      const text = (await th.textContent())?.trim() ?? '';
      if (await th.isVisible()) shown.push(text);
      else folded.push(text);
    }
    return { shown, folded };
  }

  /** Opens a row's details (when columns are folded) and returns the labels listed there. */
  async openDetails(row: Locator): Promise<string[]> {
    const toggle = row.getByRole('button', { name: /^Show details of / });
    await toggle.click();
    await expect(row.getByRole('button', { name: /^Hide details of / })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const detail = this.scope.locator('tr[data-row-detail]').first();
    await expect(detail).toBeVisible();
    return (await detail.locator('dt').allTextContents()).map((t) => t.trim());
  }

  /** A screenshot of the page, saved with the test's output and attached to its report. */
  async screenshot(testInfo: TestInfo, name: string) {
    const path = testInfo.outputPath(`${name}.png`);
    await this.page.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  }
}
