/**
 * Whether wagmi keeps a wallet connection from an earlier visit (its store in localStorage, see
 * runtime/walletRuntime.ts), which the header restores without a click. Read without loading wagmi.
 */
export function hasRememberedWallet(): boolean {
  try {
    const stored = window.localStorage.getItem('wagmi.store');
    if (stored === null) return false;
    const current = (JSON.parse(stored) as { state?: { current?: unknown } }).state?.current;
    return typeof current === 'string' && current !== '';
  } catch {
    return false;
  }
}
