import { expect, type Locator, type Page } from '@playwright/test';
import { approveAsSecondAdmin, expectWaitingIn, pendingApprovals } from './ApprovalPages';
import { confirmIn } from './MemberMoneyPages';

/** Picks an option of a Mantine Select by its accessible name. */
export async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A server-paged admin table: toolbar, rows and the CSV export. */
export class AdminList {
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    readonly scope: Locator,
    readonly searchLabel: string,
  ) {
    this.rows = scope.locator('tbody tr');
  }

  async search(text: string) {
    await this.scope.getByRole('textbox', { name: this.searchLabel }).fill(text);
  }

  row(text: string) {
    return this.rows.filter({ hasText: text });
  }

  async filter(label: string, option: string) {
    await choose(this.page, this.scope.getByRole('combobox', { name: label, exact: true }), option);
  }

  /** Clicks Export CSV and returns the downloaded file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.scope.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}

/** /admin/deposits */
export class AdminDepositsPage {
  readonly list: AdminList;

  constructor(readonly page: Page) {
    // The list's own card: the page also shows deposits held after a reorganisation above it (decision 0028).
    this.list = new AdminList(page, page.getByTestId('deposits-list'), 'Search deposits');
  }

  async goto() {
    await this.page.goto('/admin/deposits');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  }

  async approve(id: number) {
    await this.page.getByRole('button', { name: `Approve deposit ${id}` }).click();
    await confirmIn(this.page, 'Approve deposit', 'Approve and credit');
  }

  /**
   * Approves a deposit whose credit waits for a second admin (at or above the approval threshold, or another
   * amount than reported): the dialog says it waits, nothing is credited, and the queue row says it awaits a
   * second admin, asked by `askedBy` (the admin signed in, who has no Approve on it). Returns the approval's id.
   */
  async approveWaiting(id: number, askedBy: string): Promise<number> {
    const answer = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/v1/deposite/${id}` && r.request().method() === 'PUT',
    );
    await this.page.getByRole('button', { name: `Approve deposit ${id}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Approve deposit' });
    await dialog.getByRole('button', { name: 'Approve and credit', exact: true }).click();
    const res = await answer;
    expect(res.status()).toBe(202);
    const { approval } = (await res.json()) as { approval: { id: number; kind: string } };
    expect(approval.kind).toBe('deposit');
    await expectWaitingIn(this.page, 'Approve deposit');
    await expect(this.awaiting(id)).toHaveText(`Awaiting second admin · asked by ${askedBy}`);
    const row = this.list.rows.filter({ has: this.awaiting(id) });
    await expect(row).toContainText('Waiting for another admin');
    await expect(
      row.getByRole('button', { name: new RegExp(`^(Approve|Decline) .*deposit ${id}$`) }),
    ).toHaveCount(0);
    return approval.id;
  }

  /** The row's line saying its credit waits for a second admin, and who asked. */
  awaiting(id: number): Locator {
    return this.page.getByTestId(`deposit-${id}-awaiting`);
  }

  /** Another admin approves a credit that waits, from the queue, after reading what it does. */
  async approveAwaiting(id: number, restated: (string | RegExp)[] = []) {
    await expect(this.page.getByRole('button', { name: `Approve deposit ${id}`, exact: true })).toHaveCount(
      0,
    );
    await this.page.getByRole('button', { name: `Approve the credit of deposit ${id}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Approve this action' });
    for (const text of restated) await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** /admin/web3: deposit addresses, chains, reconciliation, manual transactions, all transactions. */
export class AdminWeb3Page {
  constructor(readonly page: Page) {}

  async goto(tab?: 'chains' | 'manual' | 'transactions') {
    await this.page.goto(tab === undefined ? '/admin/web3' : `/admin/web3?tab=${tab}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Web3 & Ledger' })).toBeVisible();
  }

  async setDepositAddress(currency: 'BEP20' | 'TRC20', address: string, reason: string) {
    const form = this.page.getByRole('form', { name: 'Set deposit address' });
    // The switch names the networks (decision 0041): BEP20 is BNB Smart Chain's alone.
    await form.getByText(currency === 'BEP20' ? 'EVM chains' : 'TRON (TRC20)', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Address' }).fill(address);
    await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await form.getByRole('button', { name: 'Save address' }).click();
    await this.page
      .getByRole('dialog', { name: 'Save deposit address' })
      .getByRole('button', { name: 'Save address' })
      .click();
    // A receiving address decides where money comes from: it waits for a second admin (decision 0029), who approves.
    await expectWaitingIn(this.page, 'Save deposit address');
    const [asked] = (await pendingApprovals(this.page.request, 'deposit_address')).filter((a) =>
      a.changes.some((c) => c.after === address),
    );
    if (asked === undefined) throw new Error(`the ${currency} address ${address} was not asked for`);
    await approveAsSecondAdmin(this.page.request, asked.id);
  }

  /** Credits a member wallet: finds the member by `search` (e.g. e-mail) and picks the option naming `username`. */
  async manualCredit(search: string, username: string, wallet: string, amount: string, reason: string) {
    const form = this.page.getByRole('form', { name: 'Manual transaction' });
    await form.getByRole('combobox', { name: 'Member', exact: true }).fill(search);
    await this.page.getByRole('option', { name: new RegExp(`^${username} `) }).click();
    await choose(this.page, form.getByRole('combobox', { name: 'Wallet', exact: true }), wallet);
    await form.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
    await form.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
    await form.getByRole('button', { name: 'Post transaction' }).click();
    await confirmIn(this.page, 'Post manual transaction', 'Credit wallet');
  }

  /** The full reconciliation, run on demand (it reads all history, decision 0086): its status badge. */
  async reconcileAll() {
    await this.page.getByRole('button', { name: 'Check all history' }).click();
    return this.page.getByTestId('reconciliation-status');
  }
}

/** /admin/withdrawals */
export class AdminWithdrawalsPage {
  readonly list: AdminList;
  /** The "Flagged only" switch: requests with a flagged risk signal (decision 0026). */
  readonly flaggedOnly: Locator;

  constructor(readonly page: Page) {
    this.list = new AdminList(page, page.getByRole('region', { name: 'Requests' }), 'Search withdrawals');
    this.flaggedOnly = page.getByRole('switch', { name: 'Flagged only' });
  }

  async goto() {
    await this.page.goto('/admin/withdrawals');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  }

  async complete(id: number) {
    await this.page.getByRole('button', { name: `Complete withdrawal ${id}` }).click();
    await confirmIn(this.page, 'Complete withdrawal', 'Mark as paid');
  }

  /** Opens the completion of a request (its review: the amounts and the risk signals). */
  async openCompletion(id: number): Promise<Locator> {
    await this.page.getByRole('button', { name: `Complete withdrawal ${id}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Complete withdrawal' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Completes a request at or above the approval threshold: it waits for a second admin (decision 0024). */
  async completeWaiting(id: number) {
    const dialog = await this.openCompletion(id);
    await dialog.getByRole('button', { name: 'Mark as paid', exact: true }).click();
    await expectWaitingIn(this.page, 'Complete withdrawal');
  }

  /** The row's line saying it waits for a second admin. */
  awaiting(id: number): Locator {
    return this.page.getByTestId(`withdrawal-${id}-awaiting`);
  }

  flagged(id: number): Locator {
    return this.page.getByTestId(`withdrawal-${id}-flagged`);
  }
}
