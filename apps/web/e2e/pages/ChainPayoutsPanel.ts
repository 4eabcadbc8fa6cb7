import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Admin, /admin/withdrawals?tab=payouts (decision 0034): the approved payouts of a network, the chain they are paid on,
 * the payout dialog (authenticator code, then the wallet's approval and the batch transaction, then its status),
 * failed payouts and the latest batches.
 */
export class ChainPayoutsPanel {
  readonly panel: Locator;
  readonly chain: Locator;
  readonly queue: Locator;
  readonly selection: Locator;
  readonly selectAll: Locator;
  readonly batches: Locator;
  /** The payout dialog, from confirming to the batch's status. */
  readonly dialog: Locator;
  /** What the server read of the batch on chain (in the dialog). */
  readonly outcome: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('chain-payouts');
    this.chain = page.getByTestId('payout-chain');
    this.queue = page.getByTestId('payout-queue');
    this.selection = page.getByTestId('payout-selection');
    this.selectAll = this.queue.getByRole('checkbox', { name: 'Select all payouts' });
    this.batches = page.getByTestId('payout-batches');
    this.dialog = page.getByRole('dialog', { name: /^(Pay on |Payout batch #)/ });
    this.outcome = this.dialog.getByTestId('payout-outcome');
  }

  async goto() {
    await this.page.goto('/admin/withdrawals?tab=payouts');
    await expect(this.page.getByRole('tab', { name: 'Pay on chain', selected: true })).toBeVisible();
    await expect(this.panel).toBeVisible();
  }

  /** The network switch's option, by its words (decision 0041: BEP20 names BNB Smart Chain alone). */
  network(label: 'EVM chains' | 'TRON (TRC20)') {
    return this.panel.getByText(label, { exact: true });
  }

  /** The queue's checkbox of a withdrawal's payout. */
  pick(withdrawalId: number) {
    return this.queue.getByRole('checkbox', { name: new RegExp(`^Select payout ${withdrawalId} to `) });
  }

  /** "Pay N payouts". */
  payButton(count: number) {
    return this.panel.getByRole('button', { name: `Pay ${count} payout${count === 1 ? '' : 's'}` });
  }

  /** The latest batches' row of a batch, by its transaction (the link shows it short, its title in full). */
  batchRow(hash: string) {
    return this.batches.getByRole('row').filter({ has: this.page.getByTitle(hash) });
  }

  /** Fills the wallet that will pay the batch and the authenticator code, and prepares the batch. */
  async prepare(code: string, payer: string) {
    await this.dialog.getByRole('textbox', { name: 'Paying wallet' }).fill(payer);
    await this.dialog.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await this.dialog.getByRole('button', { name: 'Prepare payout' }).click();
    await expect(this.dialog.getByTestId('payout-send')).toBeVisible();
  }

  /** Connects the page's injected wallet from the dialog and pays the batch from it. */
  async payFromWallet() {
    await this.dialog.getByRole('button', { name: 'Connect wallet' }).click();
    const connect = this.page.getByRole('dialog', { name: 'Connect a wallet' });
    await connect.getByRole('button', { name: 'E2E Wallet' }).click();
    await expect(connect).toBeHidden();
    await this.dialog.getByRole('button', { name: 'Pay from wallet' }).click();
  }
}
