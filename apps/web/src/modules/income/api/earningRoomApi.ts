import type { EarningRoomResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/**
 * GET /income/earning-room (decision 0068): what the member can still earn under their cap and their next ROI
 * credit. Its key starts with 'money', so a money action (a claim, a plan bought) refreshes it with the balances.
 */
export function useEarningRoom(userId: number | null) {
  return useQuery({
    queryKey: ['money', 'earning-room', userId ?? 0],
    queryFn: ({ signal }): Promise<EarningRoomResponse> =>
      apiRequest('/income/earning-room', { schema: contract('EarningRoomResponse'), signal }),
    enabled: userId !== null,
  });
}
