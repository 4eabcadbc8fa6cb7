import { ApprovalDecisionResponse, ApprovalsResponse } from '@sgx/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../app/api';
import { invalidateMoney } from '../../wallet/api/walletApi';

export const approvalKeys = {
  all: ['admin', 'approvals'] as const,
  list: (qs: string) => ['admin', 'approvals', qs] as const,
};

/** GET /admin/approvals?status=&page=&limit=: actions kept for a second admin, newest first. */
export function useApprovals(qs: URLSearchParams, enabled = true) {
  const text = qs.toString();
  return useQuery({
    queryKey: approvalKeys.list(text),
    queryFn: ({ signal }) => apiRequest(`/admin/approvals?${text}`, { schema: ApprovalsResponse, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A second admin approves: the kept action is done now, in one transaction. */
export function approveApproval(id: number, reason: string, key: string) {
  return apiRequest(`/admin/approvals/${id}/approve`, {
    method: 'POST',
    body: reason === '' ? {} : { reason },
    schema: ApprovalDecisionResponse,
    idempotencyKey: key,
  });
}

/** Another admin rejects it (a reason is required); the admin who asked for it cancels it the same way. */
export function rejectApproval(id: number, reason: string, key: string) {
  return apiRequest(`/admin/approvals/${id}/reject`, {
    method: 'POST',
    body: { reason },
    schema: ApprovalDecisionResponse,
    idempotencyKey: key,
  });
}

/** After a decision: every money view, members, settings and the admin queues may have moved. */
export function useInvalidateAfterDecision() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    invalidateMoney(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void queryClient.invalidateQueries({ queryKey: ['settings'] });
  }, [queryClient]);
}
