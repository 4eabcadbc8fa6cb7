import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { useApprovalSimulation } from '../api/simulationApi';
import { SIMULATION_NS } from '../i18n';
import { LazySimulationPanel } from './LazySimulationPanel';

/**
 * An approval's own simulation (decision 0069), as the approver decides with it and as the requester sees it once
 * the change waits: GET /admin/approvals/:id/simulation (which starts it when needed), read again while it runs.
 * Nothing for a request that changes no economic rule.
 */
export function ApprovalSimulation({
  approvalId,
  enabled = true,
}: {
  approvalId: number;
  enabled?: boolean;
}) {
  const { t } = useT(SIMULATION_NS);
  const sim = useApprovalSimulation(approvalId, enabled);
  if (!enabled || sim.data === null) return null;
  return (
    <Stack gap="xs" data-testid="approval-simulation">
      <Text fw={700} size="sm">
        {t('approval.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('approval.intro')}
      </Text>
      {sim.isPending && <Skeleton height={64} radius="md" />}
      {sim.isError && sim.data === undefined && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('approval.loadError')}>
          {errorMessage(sim.error)}
        </Alert>
      )}
      {sim.data !== undefined && (
        <LazySimulationPanel
          simulation={sim.data}
          // A failed run: asking again starts a new one while the request waits.
          onRunAgain={() => void sim.refetch()}
          runningAgain={sim.isFetching}
        />
      )}
    </Stack>
  );
}

/**
 * Approving an economic change waits for its simulation (the server answers 409 until it is done): whether the
 * Approve button is held, and why ("Waiting for the simulation (40 %)"). Not held when the request needs no
 * simulation, nor when it could not be read (the server decides then).
 */
export function useSimulationGate(approvalId: number | null, enabled: boolean) {
  const { t } = useT(SIMULATION_NS);
  const sim = useApprovalSimulation(approvalId, enabled);
  if (!enabled || sim.data === null || (sim.isError && sim.data === undefined)) {
    return { held: false, reason: null };
  }
  if (sim.data?.status === 'done') return { held: false, reason: null };
  return {
    held: true,
    reason:
      sim.data?.status === 'failed'
        ? t('approval.failed')
        : t('approval.waiting', { n: sim.data?.progress ?? 0 }),
  };
}
