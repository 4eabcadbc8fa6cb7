import { DepositsResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { trackerView } from '../depositTracker';

/** Polling interval of the live tracker while the chain check runs. */
export const TRACK_INTERVAL_MS = 2000;

function sameHash(a: string, b: string): boolean {
  return a.replace(/^0x/i, '').toLowerCase() === b.replace(/^0x/i, '').toLowerCase();
}

/** GET /deposite/list?search=<hash>, every 2 s until the deposit is credited, refused or left to an admin. */
export function useTrackedDeposit(hash: string) {
  return useQuery({
    queryKey: ['money', 'deposit-track', hash.toLowerCase()],
    queryFn: async ({ signal }) => {
      const qs = new URLSearchParams({ search: hash, limit: '5' });
      const page = await apiRequest(`/deposite/list?${qs}`, { schema: DepositsResponse, signal });
      return page.deposits.find((d) => sameHash(d.hash, hash)) ?? null;
    },
    refetchInterval: (query) => {
      const found = query.state.data ?? undefined;
      return trackerView(found).final ? false : TRACK_INTERVAL_MS;
    },
    refetchIntervalInBackground: true,
  });
}
