import { expect, type Locator, type Page } from '@playwright/test';

/**
 * /user/web3-deposit, "Your address" (decision 0033): the member's own deposit addresses, one card per network, each
 * with its QR code, the address in full, a Copy button and per network the minimum and the confirmations.
 */
export class OwnAddressPage {
  readonly tabs: Locator;
  /** The EVM card: one address for every EVM chain. */
  readonly evm: Locator;
  readonly address: Locator;
  readonly qr: Locator;
  readonly copy: Locator;
  readonly chains: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('tablist');
    this.evm = page.locator('[data-testid="own-deposit-address"][data-network="EVM"]');
    this.address = this.evm.getByTestId('own-deposit-address-value');
    this.qr = this.evm.getByRole('img', { name: 'Your EVM chains deposit address QR code' });
    this.copy = this.evm.getByRole('button', { name: 'Copy address' });
    this.chains = this.evm.getByTestId('own-deposit-address-chain');
  }

  /**
   * Keeps what the page copies (the server's Permissions-Policy lets pages write the clipboard, never read it):
   * call before the page loads; `copied()` reads it.
   */
  async recordCopies() {
    await this.page.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      const store = window as unknown as { __copied?: string };
      clipboard.writeText = (text: string) => {
        store.__copied = text;
        return write(text);
      };
    });
  }

  copied(): Promise<string | undefined> {
    return this.page.evaluate(() => (window as unknown as { __copied?: string }).__copied);
  }

  /** Opens the page without `way`: a member with an address of their own lands on it. */
  async goto() {
    await this.page.goto('/user/web3-deposit');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Web3 Deposit' })).toBeVisible();
  }

  tab(name: 'Your address' | 'From your wallet' | 'Send manually') {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  /** One network's terms on the EVM card (name, how it is credited, the minimum, the token contract). */
  chain(chainId: number) {
    return this.evm.locator(`[data-testid="own-deposit-address-chain"][data-chain-id="${chainId}"]`);
  }

  /** What is wider than the screen: the document, or an element of the main area reaching past its right edge. */
  async sidewaysOverflow(): Promise<string[]> {
    return this.page.evaluate(() => {
      const found: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) found.push(`document ${doc.scrollWidth} > ${doc.clientWidth}`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > doc.clientWidth + 1) {
          found.push(`${el.tagName.toLowerCase()}.${el.className} right ${Math.round(box.right)}`);
        }
      }
      return found.slice(0, 10);
    });
  }
}

/** /user/deposit-history: one deposit's chain check, as the member reads it. */
export class DepositHistoryPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/user/deposit-history');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Deposit History' })).toBeVisible();
  }

  /** "Confirming 3/15" while it gathers confirmations. */
  progress(id: number) {
    return this.page.getByTestId(`deposit-${id}-progress`);
  }

  /** "To your address": it reached the member's own deposit address. */
  toOwnAddress(id: number) {
    return this.page.getByTestId(`deposit-${id}-to-own-address`);
  }

  /** The check's badge and notes ("verified on chain", "found by scan", ...). */
  check(id: number) {
    return this.page.getByTestId(`chain-check-${id}`);
  }
}
