import { ActionIcon, Alert, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { TOKEN_NS } from '../i18n';
import { Price } from './TokenDisplay';

/** The current price line of a dialog, with its own refresh. */
export function CurrentPriceLine({
  price,
  refreshing,
  onRefresh,
}: {
  price: string | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useT(TOKEN_NS);
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {t('dialog.currentPrice')}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Price value={price} fw={700} data-testid="dialog-current-price" />
        <Tooltip label={t('dialog.refreshPrice')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('dialog.refreshPrice')}
            onClick={onRefresh}
            loading={refreshing}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

export function InfoLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </Group>
  );
}

export type Outcome = { kind: 'success' | 'error'; message: string; detail?: ReactNode } | null;

/** The dialog's result: green on success, red on failure, announced to screen readers. */
export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (outcome === null) return null;
  const ok = outcome.kind === 'success';
  return (
    <Alert
      role={ok ? 'status' : 'alert'}
      color={ok ? 'green' : 'red'}
      variant="light"
      icon={ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      title={outcome.message}
    >
      {outcome.detail}
    </Alert>
  );
}
