import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/**
 * Every query that shows money starts with 'money', so one invalidation after a money action refreshes
 * balances, lists and plans together.
 */
export const moneyKeys = {
  all: ['money'] as const,
  wallet: (userId: number) => ['money', 'wallet', userId] as const,
  myPlans: (userId: number) => ['money', 'my-plans', userId] as const,
  activePlan: (userId: number) => ['money', 'active-plan', userId] as const,
};

export function invalidateMoney(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  // Member records carry balances and plan amounts too.
  void queryClient.invalidateQueries({ queryKey: ['users'] });
}

/** Refreshes every money view after a money action. */
export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateMoney(queryClient), [queryClient]);
}

/** GET /tr/wallet/{userId}: the member's wallet balances from the ledger. */
export function useWallet(userId: number | null) {
  return useQuery({
    queryKey: moneyKeys.wallet(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/tr/wallet/${userId}`, { schema: contract('WalletsResponse'), signal }),
    enabled: userId !== null,
  });
}

/** The member's own held plans (GET /actplan/list), newest first. */
export function useMyPlans(userId: number | null, page = 1, limit = 10) {
  return useQuery({
    queryKey: [...moneyKeys.myPlans(userId ?? 0), page, limit],
    queryFn: ({ signal }) =>
      apiRequest(`/actplan/list?page=${page}&limit=${limit}`, {
        schema: contract('MemberPlansResponse'),
        signal,
      }),
    enabled: userId !== null,
  });
}

/** The plan the member holds now, or null (GET /actplan/list?status=active). */
export function useActivePlan(userId: number | null) {
  return useQuery({
    queryKey: moneyKeys.activePlan(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/actplan/list?status=active&limit=1', { schema: contract('MemberPlansResponse'), signal }),
    select: (data) => data.activeplans[0] ?? null,
    enabled: userId !== null,
  });
}
