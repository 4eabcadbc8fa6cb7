import { AdminStatsResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** GET /admin/stats: members, money, pending queues, income today, token price and 30 days of history. */
export function useAdminStats() {
  return useQuery({
    queryKey: ['money', 'admin-stats'],
    queryFn: ({ signal }) => apiRequest('/admin/stats', { schema: AdminStatsResponse, signal }),
    refetchInterval: 60_000,
  });
}
