import { WithdrawalRiskResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** Under the withdrawal lists' key, so whatever refreshes a withdrawal list refreshes its signals too. */
export const riskKeys = {
  withdrawal: (id: number) => ['money', 'withdrawals', 'risk', id] as const,
};

/** GET /withdrawalrequest/:id/risk (admin): the risk signals of one withdrawal under review. */
export function useWithdrawalRisk(withdrawalId: number) {
  return useQuery({
    queryKey: riskKeys.withdrawal(withdrawalId),
    queryFn: ({ signal }) =>
      apiRequest(`/withdrawalrequest/${withdrawalId}/risk`, { schema: WithdrawalRiskResponse, signal }),
  });
}
