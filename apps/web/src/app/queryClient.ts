import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApprovalPending, isClientError } from './apiError';

/**
 * Data cache (spec 9): unused data is dropped after 5 minutes; a failed read is retried 3 times with
 * TanStack's exponential back-off (capped at 30 s). A refusal by the server (4xx) is not retried: asking
 * again cannot change the answer and would only delay the message.
 *
 * An admin action the API kept for a second admin (202, decision 0024) refreshes the admin queues (the approvals
 * and their count), the withdrawal and deposit lists (a row awaiting a second admin shows it), and the members and
 * settings (what else the same call saved, e.g. a member's other fields or the feature switches).
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => failureCount < 3 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        if (!isApprovalPending(error)) return;
        for (const queryKey of [
          ['admin'],
          ['money', 'withdrawals'],
          ['money', 'deposits'],
          ['users'],
          ['settings'],
        ]) {
          void client.invalidateQueries({ queryKey });
        }
      },
    }),
  });
  return client;
}
