import { PendingIncomeResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** The member's income held before it is paid (decision 0076): each with its release date, and the total. */
export function usePendingIncome() {
  return useQuery({
    queryKey: ['money', 'income-pending'],
    queryFn: ({ signal }) => apiRequest('/income/pending', { schema: PendingIncomeResponse, signal }),
  });
}
