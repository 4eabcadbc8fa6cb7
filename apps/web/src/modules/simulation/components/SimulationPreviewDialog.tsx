import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { SimulationProposal } from '@sgx/contracts';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { isRunning, useSimulation, useStartSimulation } from '../api/simulationApi';
import { SIMULATION_NS } from '../i18n';
import { LazySimulationPanel } from './LazySimulationPanel';

export interface SimulationPreviewDialogProps {
  /** The change to preview; null: the dialog is closed. */
  proposal: SimulationProposal | null;
  /** "Ask for approval": the caller sends the change as before. */
  onConfirm: () => void;
  /** Cancel: nothing is sent (the form keeps its values). */
  onCancel: () => void;
  /** The change is being sent. */
  confirming?: boolean;
  confirmLabel?: string;
}

/**
 * The step before asking for an economic change (decision 0069): a preview of the change (POST /admin/simulations)
 * replayed over the last days of real claims, shown while it runs and when done; then "Ask for approval" sends the
 * change. Stacks above the form's own dialog.
 */
export function SimulationPreviewDialog({
  proposal,
  onConfirm,
  onCancel,
  confirming = false,
  confirmLabel,
}: SimulationPreviewDialogProps) {
  const { t } = useT(SIMULATION_NS);
  return (
    <Modal
      opened={proposal !== null}
      onClose={onCancel}
      title={t('preview.title')}
      centered
      size="xl"
      zIndex={400}
      closeOnClickOutside={!confirming}
      closeOnEscape={!confirming}
      withCloseButton={!confirming}
    >
      {proposal !== null && (
        <PreviewBody
          proposal={proposal}
          onConfirm={onConfirm}
          onCancel={onCancel}
          confirming={confirming}
          confirmLabel={confirmLabel ?? t('preview.ask')}
        />
      )}
    </Modal>
  );
}

function PreviewBody({
  proposal,
  onConfirm,
  onCancel,
  confirming,
  confirmLabel,
}: {
  proposal: SimulationProposal;
  onConfirm: () => void;
  onCancel: () => void;
  confirming: boolean;
  confirmLabel: string;
}) {
  const { t } = useT(SIMULATION_NS);
  const start = useStartSimulation();
  const started = useRef(false);
  const run = () => start.mutate(proposal);
  // One preview per opening (a ref, so a development double mount starts it once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, when the dialog opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);
  const id = start.data?.id ?? null;
  const read = useSimulation(id);
  const simulation = read.data ?? start.data;
  const waiting = start.isPending || isRunning(simulation);

  return (
    <Stack gap="md" data-testid="simulation-preview">
      <Text size="sm">{t('preview.intro')}</Text>
      {start.isError && (
        <Stack gap="xs">
          <ApiErrorAlert error={start.error} title={t('preview.startError')} />
          <div>
            <Button size="xs" variant="light" onClick={run}>
              {t('panel.runAgain')}
            </Button>
          </div>
        </Stack>
      )}
      {start.isPending && <Skeleton height={64} radius="md" />}
      {simulation !== undefined && (
        <LazySimulationPanel simulation={simulation} onRunAgain={run} runningAgain={start.isPending} />
      )}
      <Stack gap={4} align="flex-end">
        {waiting && (
          <Text size="xs" c="dimmed" data-testid="simulation-wait-reason">
            {t('preview.waiting', { n: simulation?.progress ?? 0 })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirming}>
            {t('preview.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={confirming} disabled={waiting}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
