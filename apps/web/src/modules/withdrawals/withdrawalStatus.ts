import type { WithdrawalRecord } from '@sgx/contracts';

/**
 * How a withdrawal's status is shown (decision 0055): a decided request always ends in its own word (complete or
 * declined), however it was paid, with the way it was paid beside it (on chain, or recorded by an admin); only
 * a pending request with a payout shows where that payout stands (approved, sending, failed).
 */
export type WithdrawalStatusShown =
  | { word: 'request'; paidVia: 'chain' | 'hand' | null }
  | { word: 'payout' };

export function withdrawalStatusShown(w: Pick<WithdrawalRecord, 'status' | 'payout'>): WithdrawalStatusShown {
  if (w.status === 'pending')
    return w.payout === null ? { word: 'request', paidVia: null } : { word: 'payout' };
  if (w.status !== 'complete') return { word: 'request', paidVia: null };
  return { word: 'request', paidVia: w.payout !== null && w.payout.status === 'paid' ? 'chain' : 'hand' };
}
