import { SweepOverview, type SweepRecord, SweepResponse, SweepsResponse } from '@sgx/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../app/api';

/** Cache keys of the sweeps' reads; `all` drops every one of them after a sweep moves. */
export const sweepKeys = {
  all: ['sweeps'] as const,
  overview: (chainId: number) => ['sweeps', 'overview', chainId] as const,
  list: ['sweeps', 'list'] as const,
};

/** How often a sweep that was sent is looked at again while the chain confirms it. */
const SENT_POLL_MS = 10_000;

/** Admin: GET /sweeps/overview: what member addresses on `chainId` hold (read on chain) and the reconciliations. */
export function useSweepOverview(chainId: number | null) {
  return useQuery({
    queryKey: sweepKeys.overview(chainId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/sweeps/overview?chain_id=${chainId}`, { schema: SweepOverview, signal }),
    enabled: chainId !== null,
  });
}

/**
 * Admin: GET /sweeps, newest first; read again every few seconds while one is on its way. When a sweep's status
 * changes on such a read (confirmed: the ledger moved to the treasury; failed), the overviews are read again, so
 * the reconciliation never shows the ledger of before the sweep against the chain of after it.
 */
export function useSweeps() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sweepKeys.list,
    queryFn: ({ signal }) => apiRequest('/sweeps', { schema: SweepsResponse, signal }),
    select: (data) => data.sweeps,
    refetchInterval: (query) =>
      (query.state.data?.sweeps ?? []).some((s: SweepRecord) => s.status === 'sent') ? SENT_POLL_MS : false,
  });
  const statuses = query.data?.map((s) => `${s.id}:${s.status}`).join(',');
  const seen = useRef(statuses);
  useEffect(() => {
    if (seen.current !== undefined && statuses !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: [...sweepKeys.all, 'overview'] });
    }
    seen.current = statuses;
  }, [statuses, queryClient]);
  return query;
}

export interface SweepInput {
  chain_id: number;
  addresses: string[];
  /** The admin's current authenticator code. */
  code: string;
  reason: string;
}

/** Admin: POST /sweeps: the transaction to send (to the factory, with its calldata), kept as `prepared`. */
export function prepareSweep(body: SweepInput, key: string) {
  return apiRequest('/sweeps', { method: 'POST', body, schema: SweepResponse, idempotencyKey: key });
}

/** Admin: POST /sweeps/:id/transaction: the hash of the transaction sent; the server reads it on chain. */
export function reportSweepTransaction(id: number, hash: string, key: string) {
  return apiRequest(`/sweeps/${id}/transaction`, {
    method: 'POST',
    body: { hash },
    schema: SweepResponse,
    idempotencyKey: key,
  });
}
