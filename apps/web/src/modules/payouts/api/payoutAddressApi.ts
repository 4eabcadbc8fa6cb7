import {
  MessageResponse,
  type PayoutAddressBody,
  PayoutAddressChangedResponse,
  PayoutAddressState,
  type PayoutCancelBody,
} from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** Protected payout addresses (decision 0025): the member's addresses, the changes in hold, change and cancel. */
export const payoutKeys = { state: ['payout-address'] as const };

/** GET /users/payout-address */
export function usePayoutAddress() {
  return useQuery({
    queryKey: payoutKeys.state,
    queryFn: ({ signal }) => apiRequest('/users/payout-address', { schema: PayoutAddressState, signal }),
  });
}

/** POST /users/payout-address/email-code: a 6-digit code by e-mail (members without two-factor). */
export function sendPayoutEmailCode() {
  return apiRequest('/users/payout-address/email-code', { method: 'POST', schema: MessageResponse });
}

/** After a change or a cancellation: the state, the profile (users.bep20/trc20) and the linked wallets. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (payout?: PayoutAddressState) => {
    if (payout) queryClient.setQueryData(payoutKeys.state, payout);
    else void queryClient.invalidateQueries({ queryKey: payoutKeys.state });
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: ['wallets'] });
  };
}

/** PUT /users/payout-address */
export function useChangePayoutAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PayoutAddressBody) =>
      apiRequest('/users/payout-address', { method: 'PUT', body, schema: PayoutAddressChangedResponse }),
    onSuccess: (res) => refresh(res.payout),
  });
}

/** POST /users/payout-address/changes/{id}/cancel, confirmed by the member's password. */
export function useCancelPayoutChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: PayoutCancelBody & { id: number }) =>
      apiRequest(`/users/payout-address/changes/${id}/cancel`, {
        method: 'POST',
        body,
        schema: PayoutAddressChangedResponse,
      }),
    onSuccess: (res) => refresh(res.payout),
  });
}

/** Keeps the state fresh after something else changed an address (a linked wallet made payout address). */
export function useRefreshPayoutAddress() {
  const refresh = useRefresh();
  return () => refresh();
}
