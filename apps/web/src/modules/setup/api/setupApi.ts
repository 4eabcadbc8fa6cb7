import { SetupStatusResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

/** GET /admin/setup: what a fresh install still needs (receiving addresses, plans, video, token, SMTP). */
export function useSetupStatus(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'setup'],
    queryFn: ({ signal }) => apiRequest('/admin/setup', { schema: SetupStatusResponse, signal }),
    enabled,
  });
}
