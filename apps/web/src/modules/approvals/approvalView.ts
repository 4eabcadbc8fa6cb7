import type { ApprovalKind, ApprovalRecord } from '@sgx/contracts';

export const approvalKindLabels: Record<ApprovalKind, string> = {
  withdrawal: 'Withdrawal',
  debit: 'Debit',
  transaction: 'Manual transaction',
  transaction_edit: 'Transaction edit',
  balance_edit: 'Balance edit',
  settings: 'Settings',
  deposit: 'Deposit',
  codes: 'Codes',
  chain_settings: 'Chain settings',
  deposit_address: 'Receiving address',
  token_price: 'SGX price',
};

/** What the signed-in admin may do with an approval: the one who asked cancels, any other admin decides. */
export type ApprovalRole = 'requester' | 'approver' | 'closed';

export function approvalRole(
  a: Pick<ApprovalRecord, 'status' | 'requested_by'>,
  adminId: number,
): ApprovalRole {
  if (a.status !== 'pending') return 'closed';
  return a.requested_by === adminId ? 'requester' : 'approver';
}

export type ApprovalDecision = 'approve' | 'reject' | 'cancel';

/** Rejecting needs a reason (the API asks for 3 characters or more); approving and cancelling do not. */
export function reasonProblem(decision: ApprovalDecision, reason: string): string | null {
  if (decision !== 'reject') return null;
  return reason.trim().length < 3 ? 'Say why you reject it (at least 3 characters).' : null;
}

/** What is sent as the reason: a cancellation without one still says what happened (the API needs one). */
export function sentReason(decision: ApprovalDecision, reason: string): string {
  const trimmed = reason.trim();
  if (decision === 'cancel' && trimmed.length < 3) return 'Cancelled by the admin who asked for it.';
  return trimmed;
}
