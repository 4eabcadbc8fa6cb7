import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './apiError';

/**
 * Data cache (spec 9): unused data is dropped after 5 minutes; a failed read is retried 3 times with
 * TanStack's exponential back-off (capped at 30 s). A refusal by the server (4xx) is not retried: asking
 * again cannot change the answer and would only delay the message.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => failureCount < 3 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}
