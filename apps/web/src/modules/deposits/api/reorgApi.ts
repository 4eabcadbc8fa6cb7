import type { ReorgResolveBody } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/** Under 'money', so a money action's invalidation refreshes them too. */
export const reorgKeys = {
  admin: ['money', 'deposits-reorged'] as const,
  mine: ['money', 'deposits-held'] as const,
};

/** Admin: deposits held after a chain reorganisation removed their transfer (decision 0028). */
export function useReorgedDeposits() {
  return useQuery({
    queryKey: reorgKeys.admin,
    queryFn: ({ signal }) =>
      apiRequest('/admin/deposits/reorged?status=held', {
        schema: contract('ReorgDepositsResponse'),
        signal,
      }),
  });
}

/** The signed-in member's own held deposits and what is held in all. */
export function useMyHeldDeposits() {
  return useQuery({
    queryKey: reorgKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest('/deposits/held', { schema: contract('MemberHeldDepositsResponse'), signal }),
  });
}

/** Admin: reverses (held amount leaves the books) or releases (the chain shows the transfer again) a held deposit. */
export function resolveReorgedDeposit(id: number, body: ReorgResolveBody, key: string) {
  return apiRequest(`/admin/deposits/${id}/reorg-resolve`, {
    method: 'POST',
    body,
    schema: contract('ReorgResolveResponse'),
    idempotencyKey: key,
  });
}
