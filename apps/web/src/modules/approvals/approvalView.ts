import type { ApprovalKind, ApprovalRecord, ApprovalStatus } from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { APPROVALS_NS } from './i18n';

/** What an approval is about, in the admin's language (call at render time). */
export const approvalKindLabel = (kind: ApprovalKind): string => tr(`${APPROVALS_NS}:kind.${kind}`);

/** An approval's status as admins read it ('pending' is "Waiting"). */
export const approvalStatusLabel = (status: ApprovalStatus): string => tr(`${APPROVALS_NS}:status.${status}`);

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
  return reason.trim().length < 3 ? tr(`${APPROVALS_NS}:dialog.reasonShort`) : null;
}

/** What is sent as the reason: a cancellation without one still says what happened (the API needs one). */
export function sentReason(decision: ApprovalDecision, reason: string): string {
  const trimmed = reason.trim();
  if (decision === 'cancel' && trimmed.length < 3) return 'Cancelled by the admin who asked for it.';
  return trimmed;
}
