import type { ProofOnchainBody, ReserveAddressBody } from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/** The back-office of the proof (decision 0044): reserve addresses, reading reserves, the root on chain. */
const keys = { reserves: ['proof', 'admin', 'reserves'] as const };

export function useReserveAddresses() {
  return useQuery({
    queryKey: keys.reserves,
    queryFn: ({ signal }) =>
      apiRequest('/admin/proof/reserves', { schema: contract('ReserveAddressesResponse'), signal }),
  });
}

/** A mutation that refreshes the published proof and the addresses once it succeeds. */
function useProofMutation<Body, Out>(call: (body: Body) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['proof'] }),
  });
}

export const useBuildProof = () =>
  useProofMutation((_?: undefined) =>
    apiRequest('/admin/proof/build', { method: 'POST', schema: contract('ProofBuildResponse') }),
  );

export const useAddReserve = () =>
  useProofMutation((body: ReserveAddressBody) =>
    apiRequest('/admin/proof/reserves', { method: 'POST', body, schema: contract('ReserveAddressRecord') }),
  );

export const useRemoveReserve = () =>
  useProofMutation((id: number) =>
    apiRequest(`/admin/proof/reserves/${id}`, { method: 'DELETE', schema: contract('MessageResponse') }),
  );

export const useReadReserves = () =>
  useProofMutation((body: { day?: string }) =>
    apiRequest('/admin/proof/reserves/read', {
      method: 'POST',
      body,
      schema: contract('ReserveReadResponse'),
    }),
  );

export const useRecordOnchain = () =>
  useProofMutation((body: ProofOnchainBody) =>
    apiRequest('/admin/proof/onchain', { method: 'POST', body, schema: contract('ProofBuildResponse') }),
  );
