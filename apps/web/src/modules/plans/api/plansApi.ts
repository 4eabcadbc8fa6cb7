import { PlansListResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

export const planKeys = { list: ['plans', 'list'] as const };

export function usePlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: ({ signal }) => apiRequest('/plans/list', { schema: PlansListResponse, signal }),
    select: (data) => data.allplans,
    staleTime: 60_000,
  });
}
