import type { IdentityLimitsResponse } from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api';
import { contract } from '../../app/lazySchema';

/** The member's identity limits (GET /identity/limits, decision 0073). */
const limitsKey = ['identity', 'limits'] as const;

export function useIdentityLimits() {
  return useQuery<IdentityLimitsResponse>({
    queryKey: limitsKey,
    queryFn: ({ signal }) =>
      apiRequest('/identity/limits', { schema: contract('IdentityLimitsResponse'), signal }),
  });
}

/** PUT /identity/country: the country of residence, once, when it is empty. */
export function useSetCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (country: string) =>
      apiRequest('/identity/country', {
        method: 'PUT',
        body: { country },
        schema: contract('SetCountryResponse'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: limitsKey }),
  });
}
