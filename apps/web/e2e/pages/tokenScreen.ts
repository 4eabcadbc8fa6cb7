import { expect, type Locator, type Page } from '@playwright/test';

/** /user/token (member) or /admin/token (admin): the SGX token screen and its dialogs. */
export class TokenScreen {
  readonly price: Locator;

  constructor(
    readonly page: Page,
    readonly area: 'member' | 'admin' = 'member',
  ) {
    this.price = page.getByTestId('token-price');
  }

  get path() {
    return this.area === 'admin' ? '/admin/token' : '/user/token';
  }

  async goto() {
    await this.page.goto(this.path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'SGX Token' })).toBeVisible();
    await expect(this.price).toHaveText(/^\$\d/);
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** One figure of the portfolio panel: 'Holdings', 'Total Invested', 'Total P&L', 'Average buy price'... */
  portfolio(label: string) {
    const slug = label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return this.page.getByTestId(`portfolio-${slug}`);
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async open(button: string, title: string) {
    await this.button(button).click();
    const dialog = this.dialog(title);
    await expect(dialog).toBeVisible();
    return new TradeDialog(this.page, dialog);
  }
}

/** The Buy, Sell and Update Token Price dialogs: an amount, a summary table and a submit button. */
export class TradeDialog {
  readonly amount: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.amount = root.getByRole('spinbutton').first();
  }

  field(label: string) {
    return this.root.getByLabel(label, { exact: false });
  }

  /** The value cell of one summary line, e.g. 'New holdings'. */
  summary(label: string) {
    return this.root
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell');
  }

  button(name: string) {
    return this.root.getByRole('button', { name, exact: true });
  }

  async text(label: string) {
    const cell = this.summary(label);
    await expect(cell).toBeVisible();
    return (await cell.innerText()).trim();
  }
}
