import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api';
import { contract } from '../../app/lazySchema';

/** Sanctions screening for compliance (decision 0075): the lists, the checker, the operator's list, the hits. */
const keys = { overview: ['sanctions'] as const };

export function useSanctions() {
  return useQuery({
    queryKey: keys.overview,
    queryFn: ({ signal }) =>
      apiRequest('/admin/sanctions', { schema: contract('SanctionsOverviewResponse'), signal }),
  });
}

export const useInvalidateSanctions = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keys.overview });
};

export const checkAddress = (address: string) =>
  apiRequest(`/admin/sanctions/check?address=${encodeURIComponent(address)}`, {
    schema: contract('SanctionsCheckResponse'),
  });

export const addOperatorEntry = (body: { address: string; reason: string }, key: string) =>
  apiRequest('/admin/sanctions/operator', {
    method: 'POST',
    body,
    idempotencyKey: key,
    schema: contract('SanctionsEntryResponse'),
  });

export const removeOperatorEntry = (id: number, reason: string, key: string) =>
  apiRequest(`/admin/sanctions/operator/${id}/remove`, {
    method: 'POST',
    body: { reason },
    idempotencyKey: key,
    schema: contract('MessageResponse'),
  });

/** Always kept for a second admin: the answer is a 202 (the dialog shows it waiting). */
export const releaseHit = (id: number, reason: string, key: string) =>
  apiRequest(`/admin/sanctions/hits/${id}/release`, {
    method: 'POST',
    body: { reason },
    idempotencyKey: key,
  });

export const confirmHit = (id: number, reason: string, key: string) =>
  apiRequest(`/admin/sanctions/hits/${id}/confirm`, {
    method: 'POST',
    body: { reason },
    idempotencyKey: key,
    schema: contract('SanctionsHitResponse'),
  });
