import type { ProofMeResponse, ProofResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/** The published roots and totals (GET /proof, no session needed). */
export function usePublishedProof() {
  return useQuery({
    queryKey: ['proof', 'published'],
    queryFn: ({ signal }): Promise<ProofResponse> =>
      apiRequest('/proof', { schema: contract('ProofResponse'), signal, anonymous: true }),
  });
}

/** The signed-in member's inclusion proof (GET /proof/me). */
export function useMyProof() {
  return useQuery({
    queryKey: ['proof', 'me'],
    queryFn: ({ signal }): Promise<ProofMeResponse> =>
      apiRequest('/proof/me', { schema: contract('ProofMeResponse'), signal }),
    retry: false,
  });
}
