import type { SimulationProposal, SimulationRecord } from '@sgx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { ApiError } from '../../../app/apiError';
import { contract } from '../../../app/lazySchema';

/** The plan-change simulator (decision 0069): previews an admin runs, and an approval's own simulation. */
export const simulationKeys = {
  all: ['admin', 'simulations'] as const,
  one: (id: string) => ['admin', 'simulations', id] as const,
  ofApproval: (approvalId: number) => ['admin', 'simulations', 'approval', approvalId] as const,
};

/** How often a run still under way is read again. */
export const SIMULATION_POLL_MS = 1000;

export const isRunning = (s: SimulationRecord | null | undefined) =>
  s !== null && s !== undefined && (s.status === 'queued' || s.status === 'running');

const poll = (s: SimulationRecord | null | undefined) => (isRunning(s) ? SIMULATION_POLL_MS : false);

/** POST /admin/simulations: a preview, run in the background (202 with its row). */
export function startSimulation(proposal: SimulationProposal): Promise<SimulationRecord> {
  return apiRequest('/admin/simulations', {
    method: 'POST',
    body: proposal,
    schema: contract('SimulationResponse'),
    accepted: true,
  }).then((r) => r.simulation);
}

/** Starts a preview; its row is then read with useSimulation. */
export function useStartSimulation() {
  return useMutation({ mutationFn: startSimulation });
}

/** GET /admin/simulations/:id, read again every second while it runs. */
export function useSimulation(id: string | null) {
  return useQuery({
    queryKey: simulationKeys.one(id ?? 'none'),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/simulations/${encodeURIComponent(id ?? '')}`, {
        schema: contract('SimulationResponse'),
        signal,
      }).then((r) => r.simulation),
    enabled: id !== null,
    refetchInterval: (q) => poll(q.state.data),
  });
}

/**
 * GET /admin/approvals/:id/simulation: the approval's own simulation (the server starts it when none is done or
 * under way), read again every second while it runs. Null: the request changes no economic rule (404), it needs none.
 */
export function useApprovalSimulation(approvalId: number | null, enabled = true) {
  return useQuery({
    queryKey: simulationKeys.ofApproval(approvalId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/approvals/${approvalId}/simulation`, {
        schema: contract('SimulationResponse'),
        signal,
      }).then(
        (r): SimulationRecord | null => r.simulation,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    enabled: enabled && approvalId !== null,
    refetchInterval: (q) => poll(q.state.data),
    // A finished run is what the approval is decided with: read it again whenever the request is opened.
    staleTime: 0,
  });
}
