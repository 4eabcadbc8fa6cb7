import type { ClearFlagBody, IncomeHoldsQuery, MemberFlagsQuery, RaiseFlagBody } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api';
import { contract } from '../../app/lazySchema';

/** Under 'money', so a money action's invalidation refreshes them too. */
export const heldIncomeKeys = {
  holds: (status: IncomeHoldsQuery['status']) => ['money', 'income-holds', status] as const,
  flags: (status: MemberFlagsQuery['status']) => ['money', 'member-flags', status] as const,
};

/** Compliance: held income (decision 0076), newest first. */
export function useIncomeHolds(status: IncomeHoldsQuery['status']) {
  return useQuery({
    queryKey: heldIncomeKeys.holds(status),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/income-holds?status=${status}&limit=200`, {
        schema: contract('IncomeHoldsResponse'),
        signal,
      }),
  });
}

/** Compliance: releases held income into its wallet, or reverses it, with a reason. */
export function decideIncomeHold(id: number, action: 'release' | 'reverse', reason: string, key: string) {
  return apiRequest(`/admin/income-holds/${id}/${action}`, {
    method: 'POST',
    body: { reason },
    schema: contract('IncomeHoldDecisionResponse'),
    idempotencyKey: key,
  });
}

/** Compliance: member flags, open ones or all, newest first. */
export function useMemberFlags(status: MemberFlagsQuery['status']) {
  return useQuery({
    queryKey: heldIncomeKeys.flags(status),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/compliance/flags?status=${status}&limit=200`, {
        schema: contract('MemberFlagsResponse'),
        signal,
      }),
  });
}

export function raiseMemberFlag(body: RaiseFlagBody, key: string) {
  return apiRequest('/admin/compliance/flags', {
    method: 'POST',
    body,
    schema: contract('MemberFlagResponse'),
    idempotencyKey: key,
  });
}

export function clearMemberFlag(id: number, body: ClearFlagBody, key: string) {
  return apiRequest(`/admin/compliance/flags/${id}/clear`, {
    method: 'POST',
    body,
    schema: contract('MemberFlagResponse'),
    idempotencyKey: key,
  });
}
