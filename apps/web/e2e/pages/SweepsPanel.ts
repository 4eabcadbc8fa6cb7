import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Admin, /admin/web3?tab=sweeps (decision 0033): what members' own deposit addresses hold on a chain against the
 * ledger, the addresses to sweep, the sweep dialog (reason, authenticator code, then the transaction) and the
 * history of sweeps.
 */
export class SweepsPanel {
  readonly panel: Locator;
  readonly chain: Locator;
  readonly reconciliation: Locator;
  readonly members: Locator;
  readonly treasury: Locator;
  readonly candidates: Locator;
  readonly selection: Locator;
  readonly selectAll: Locator;
  readonly sweepSelected: Locator;
  readonly history: Locator;
  /** The sweep dialog, from confirming to the transaction's status. */
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('sweeps-panel');
    this.chain = page.getByTestId('sweep-chain');
    this.reconciliation = page.getByTestId('sweep-reconciliation');
    this.members = page.getByTestId('reconcile-members');
    this.treasury = page.getByTestId('reconcile-treasury');
    this.candidates = page.getByTestId('sweep-candidates');
    this.selection = page.getByTestId('sweep-selection');
    this.selectAll = this.candidates.getByRole('checkbox', { name: 'Select all' });
    this.sweepSelected = this.panel.getByRole('button', { name: 'Sweep selected' });
    this.history = page.getByTestId('sweep-history');
    this.dialog = page.getByRole('dialog', { name: /^Sweep on / });
  }

  async goto() {
    await this.page.goto('/admin/web3?tab=sweeps');
    await expect(this.page.getByRole('tab', { name: 'Member addresses', selected: true })).toBeVisible();
    await expect(this.panel).toBeVisible();
  }

  /** The candidates' row of a member (by username). */
  candidate(username: string) {
    return this.candidates.getByRole('row').filter({ hasText: username });
  }

  /** The history's row of a sweep, by its transaction (the link shows it short, its title in full). */
  sweepRow(hash: string) {
    return this.history.getByRole('row').filter({ has: this.page.getByTitle(hash) });
  }

  /** Fills the dialog's first step and prepares the sweep. */
  async prepare(reason: string, code: string) {
    await this.dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await this.dialog.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await this.dialog.getByRole('button', { name: 'Prepare sweep' }).click();
    await expect(this.dialog.getByTestId('sweep-send')).toBeVisible();
  }
}
