import type { DepositAddressRecord } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { contract, lazySchema } from '../../../app/lazySchema';

export type DepositAddress = z.infer<typeof DepositAddressRecord>;

export const addressKeys = { list: ['money', 'deposit-addresses'] as const };

/**
 * GET /qr: the platform's live receiving addresses: at most one TRC20, one BEP20 for every EVM chain
 * (chain_id null) and one BEP20 per EVM chain that overrides it there.
 */
export function useDepositAddresses() {
  return useQuery({
    queryKey: addressKeys.list,
    queryFn: ({ signal }) => apiRequest('/qr', { schema: contract('DepositAddressesResponse'), signal }),
    select: (data) => data.addresses,
  });
}

export interface NewDepositAddress {
  currency: 'BEP20' | 'TRC20';
  address: string;
  /** BEP20: only on this EVM chain (overrides the all-chains address there); omitted: every EVM chain. */
  chain_id?: number;
  label?: string;
  reason: string;
}

const Saved = lazySchema((c) => c.DepositAddressesResponse.extend(c.MessageResponse.shape));

export function saveDepositAddress(body: NewDepositAddress, key: string) {
  return apiRequest('/qr/add', { method: 'POST', body, schema: Saved, idempotencyKey: key });
}

export function removeDepositAddress(id: number, key: string) {
  return apiRequest(`/qr/${id}`, {
    method: 'DELETE',
    schema: contract('MessageResponse'),
    idempotencyKey: key,
  });
}
