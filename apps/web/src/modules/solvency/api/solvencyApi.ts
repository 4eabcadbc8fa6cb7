import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract, lazySchema } from '../../../app/lazySchema';
import { eventKeys } from '../../notifications/api/keys';

/** The daily solvency report (decision 0068): GET /admin/solvency and computing today's now. */
export const solvencyKeys = {
  all: ['solvency'] as const,
  report: (day: string | null) => ['solvency', day ?? 'latest'] as const,
};

/** The latest report (or the one of `day`) and the history of coverage and runway, oldest first. */
export function useSolvency(day: string | null) {
  return useQuery({
    queryKey: solvencyKeys.report(day),
    queryFn: ({ signal }) =>
      apiRequest(day === null ? '/admin/solvency' : `/admin/solvency?day=${encodeURIComponent(day)}`, {
        schema: contract('SolvencyResponse'),
        signal,
      }),
  });
}

/** POST /admin/solvency/build's answer: the report computed. */
const Built = lazySchema((c) =>
  c.SolvencyResponse.pick({ report: true }).extend({ report: c.SolvencyReport }),
);

/**
 * Computes (or computes again) today's report; the API builds the day's proof first when needed. The page and the
 * back-office alerts (the queue counts) are read again afterwards: the report may open or close an alert.
 */
export function useBuildSolvency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/admin/solvency/build', { method: 'POST', body: {}, schema: Built }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: solvencyKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.queues });
    },
  });
}
