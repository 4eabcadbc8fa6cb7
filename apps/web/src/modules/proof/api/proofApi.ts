import type { ProofMeResponse, ProofResponse, SolvencyPublicResponse } from '@sgx/contracts';
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

/**
 * The latest solvency report's public figures (GET /solvency/public, no session; decision 0068): coverage and the
 * days of payouts the reserves cover with no new money. A query of its own: the proof shows if it fails.
 */
export function usePublicSolvency() {
  return useQuery({
    queryKey: ['solvency', 'public'],
    queryFn: ({ signal }): Promise<SolvencyPublicResponse> =>
      apiRequest('/solvency/public', { schema: contract('SolvencyPublicResponse'), signal, anonymous: true }),
  });
}
