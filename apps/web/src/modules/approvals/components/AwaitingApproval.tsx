import { Button, Text } from '@mantine/core';
import type { ApprovalRecord } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { tr, useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { type ConfirmedAction, useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useSession } from '../../auth/hooks/useSession';
import { approveApproval, useApprovals, useInvalidateAfterDecision } from '../api/approvalsApi';
import { APPROVALS_NS } from '../i18n';
import type { ApprovalDecisionRequest } from './ApprovalDecisionDialog';

/**
 * A request in an admin queue whose completion an admin may have kept for a second admin (decision 0024):
 * a withdrawal or a deposit. The list tells admins the approval it waits for and who asked for it.
 */
export interface Awaitable {
  status: string;
  approval_id: number | null;
  approval_requested_by: string | null;
}

export const isAwaiting = (r: Awaitable) => r.status === 'pending' && r.approval_id !== null;

/** Admin queue: completions kept for a second admin (decision 0024). */
export interface AwaitingApproval<T extends Awaitable> {
  /** Who asked for the completion, by username. */
  askedBy: (r: T) => string;
  /** The admin signed in asked for it: they cannot approve their own. */
  asked: (r: T) => boolean;
  /** Another admin can approve it (its approval is loaded and not theirs). */
  canApprove: (r: T) => boolean;
  onApprove: (r: T) => void;
}

/** The waiting approvals (first 100) by id, read only while the page shows a row that waits for one. */
function usePendingApprovals(rows: readonly Awaitable[] | undefined) {
  const waiting = (rows ?? []).some(isAwaiting);
  const approvals = useApprovals(new URLSearchParams({ status: 'pending', limit: '100' }), waiting);
  const byId = new Map<number, ApprovalRecord>();
  for (const a of approvals.data?.approvals ?? []) byId.set(a.id, a);
  return byId;
}

/**
 * The approvals the queue's rows wait for, and the second admin's approval of one (render
 * `<ApprovalDecisionDialog action={approve} />` with it).
 */
export function useAwaitingApprovals<T extends Awaitable>(
  rows: readonly T[] | undefined,
): { awaiting: AwaitingApproval<T>; approve: ConfirmedAction<ApprovalDecisionRequest> } {
  const account = useSession()?.account;
  const approvals = usePendingApprovals(rows);
  const afterApproval = useInvalidateAfterDecision();
  const approve = useConfirmedAction({
    run: (r: ApprovalDecisionRequest, key) => approveApproval(r.approval.id, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      afterApproval();
    },
    onError: () => afterApproval(),
  });
  const approvalOf = (r: T) => (r.approval_id === null ? undefined : approvals.get(r.approval_id));
  const asked = (r: T) => {
    const a = approvalOf(r);
    return a === undefined
      ? r.approval_requested_by !== null && r.approval_requested_by === account?.username
      : a.requested_by === account?.id;
  };
  const awaiting: AwaitingApproval<T> = {
    askedBy: (r) =>
      approvalOf(r)?.requested_by_username ??
      r.approval_requested_by ??
      tr(`${APPROVALS_NS}:awaiting.anotherAdmin`),
    asked,
    canApprove: (r) => approvalOf(r) !== undefined && !asked(r),
    onApprove: (r) => {
      const approval = approvalOf(r);
      if (approval !== undefined) approve.open({ approval, decision: 'approve', reason: '' });
    },
  };
  return { awaiting, approve };
}

/** The row's line saying its completion waits for a second admin, and who asked. */
export function AwaitingNote<T extends Awaitable>({
  row,
  awaiting,
  testId,
}: {
  row: T;
  awaiting: AwaitingApproval<T>;
  testId: string;
}) {
  const { t } = useT(APPROVALS_NS);
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {t('awaiting.note', { who: awaiting.askedBy(row) })}
    </Text>
  );
}

/** The row's action while it waits: Approve for another admin; the admin who asked reads that it waits. */
export function AwaitingAction<T extends Awaitable>({
  row,
  awaiting,
  label,
}: {
  row: T;
  awaiting: AwaitingApproval<T>;
  /** The Approve button's accessible name, e.g. "Approve withdrawal 12". */
  label: string;
}) {
  const { t } = useT(APPROVALS_NS);
  if (awaiting.canApprove(row))
    return (
      <Button size="compact-sm" color="teal" onClick={() => awaiting.onApprove(row)} aria-label={label}>
        {t('awaiting.approve')}
      </Button>
    );
  if (!awaiting.asked(row)) return null;
  return (
    <Text size="xs" c="dimmed" maw={120}>
      {t('awaiting.waiting')}
    </Text>
  );
}
