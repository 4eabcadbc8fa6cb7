import { z } from 'zod';
import { ApprovalKind } from './approval-kinds';
import { AmountOut } from './common';
import { ListQuery, paged } from './money-ops';

/**
 * Two admins for large payouts (decision 0024). An admin action that needs a second admin is kept as
 * an approval; the route that was called answers 202 with ApprovalPendingResponse instead of doing it, and
 * another admin approves (it is then done, in one transaction) or rejects it.
 */
export { ApprovalKind, approvalKinds } from './approval-kinds';

export const ApprovalStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** One changed value of the action, for the approver to read ("Working withdrawal fee: 10 -> 12"). */
export const ApprovalChange = z.object({ field: z.string(), before: z.string(), after: z.string() });

export const ApprovalRecord = z.object({
  id: z.number().int(),
  kind: ApprovalKind,
  status: ApprovalStatus,
  /** One sentence saying what will happen when approved. */
  summary: z.string(),
  amount: AmountOut.nullable(),
  /** The withdrawal, transaction, deposit or member the action is about (none for codes). */
  subject_id: z.number().int().nullable(),
  member_id: z.number().int().nullable(),
  member_username: z.string().nullable(),
  member_fullname: z.string().nullable(),
  changes: z.array(ApprovalChange),
  /** The reason the first admin gave. */
  reason: z.string().nullable(),
  requested_by: z.number().int(),
  requested_by_username: z.string(),
  requested_at: z.string(),
  decided_by: z.number().int().nullable(),
  decided_by_username: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type ApprovalRecord = z.infer<typeof ApprovalRecord>;

/** GET /admin/approvals?status=pending|approved|rejected|cancelled&page&limit */
export const ApprovalListQuery = ListQuery.pick({ page: true, limit: true }).extend({
  status: ApprovalStatus.optional(),
});
export const ApprovalsResponse = paged('approvals', ApprovalRecord);
export type ApprovalsResponse = z.infer<typeof ApprovalsResponse>;

/** The 202 answer of an action that now waits for a second admin. */
export const ApprovalPendingResponse = z.object({ message: z.string(), approval: ApprovalRecord });
export type ApprovalPendingResponse = z.infer<typeof ApprovalPendingResponse>;
export const approvalPendingMessage = 'Waiting for a second admin to approve.';

/** POST /admin/approvals/:id/approve (reason optional) and /reject (reason required). */
export const ApprovalDecisionBody = z.object({ reason: z.string().trim().max(500).optional() });
export const ApprovalRejectBody = z.object({
  reason: z.string().trim().min(3, 'Say why you reject it.').max(500),
});
export const ApprovalDecisionResponse = z.object({ message: z.string(), approval: ApprovalRecord });
export type ApprovalDecisionResponse = z.infer<typeof ApprovalDecisionResponse>;
