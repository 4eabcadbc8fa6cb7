/** A deposit sent from the wallet: its hash is known, so the money may already be on its way. */
export interface SentDeposit {
  userId: number;
  hash: string;
  chainId: number;
  /** Decimal text (8 decimals), as reported. */
  amount: string;
  requiredConfirmations: number | null;
  /** Idempotency-Key of its report, kept across retries and reloads. */
  key: string;
  reported: boolean;
}

const STORAGE_KEY = 'sgx.web3.sentDeposit';

/** The last deposit sent from this tab, so a reload keeps tracking it (and finishes reporting it). */
export function loadSentDeposit(userId: number): SentDeposit | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const v = JSON.parse(raw) as Partial<SentDeposit>;
    if (
      v.userId !== userId ||
      typeof v.hash !== 'string' ||
      typeof v.chainId !== 'number' ||
      typeof v.amount !== 'string' ||
      typeof v.key !== 'string'
    ) {
      return null;
    }
    return {
      userId,
      hash: v.hash,
      chainId: v.chainId,
      amount: v.amount,
      requiredConfirmations: typeof v.requiredConfirmations === 'number' ? v.requiredConfirmations : null,
      key: v.key,
      reported: v.reported === true,
    };
  } catch {
    return null;
  }
}

export function storeSentDeposit(sent: SentDeposit | null): void {
  try {
    if (sent === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(sent));
  } catch {
    // Private mode or full storage: tracking still works until the page is left.
  }
}
