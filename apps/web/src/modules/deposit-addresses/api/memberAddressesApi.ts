import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

export const memberAddressKeys = { own: ['wallets', 'deposit-addresses'] as const };

/**
 * GET /wallets/deposit-addresses: the member's own deposit addresses (one for the EVM chains, one on TRON),
 * with what each network accepts. Empty until the platform has set up its deposit factory. The addresses
 * never change; a chain's minimum or confirmations rarely do, so a minute's cache is plenty.
 */
export function useMemberDepositAddresses() {
  return useQuery({
    queryKey: memberAddressKeys.own,
    queryFn: ({ signal }) =>
      apiRequest('/wallets/deposit-addresses', {
        schema: contract('MemberDepositAddressesResponse'),
        signal,
      }),
    select: (data) => data.addresses,
    staleTime: 60_000,
  });
}
