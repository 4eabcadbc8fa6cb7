import { Badge, Group, List, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { RiskSignal } from '@sgx/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import { LoadError } from '../../ui/LoadError';
import { useWithdrawalRisk } from './api/riskApi';
import { RISK_NS } from './i18n';
import { riskSummary } from './riskSummary';

/**
 * The risk signals of a withdrawal under review (GET /withdrawalrequest/:id/risk, decision 0026): one short
 * sentence each, the flagged ones marked by an icon and the word "Flagged". Placed in the admin review.
 */
export function RiskSignals({ withdrawalId }: { withdrawalId: number }) {
  const { t } = useT(RISK_NS);
  const risk = useWithdrawalRisk(withdrawalId);
  if (risk.isError) {
    return (
      <LoadError
        title={t('loadError')}
        error={risk.error}
        onRetry={() => void risk.refetch()}
        loadedAt={risk.dataUpdatedAt}
      />
    );
  }
  if (risk.isPending) {
    return <Skeleton h={160} radius="md" aria-label={t('loading')} data-testid="risk-loading" />;
  }
  const { signals } = risk.data;
  return (
    <Stack gap="xs" component="section" aria-label={t('label')} data-testid="risk-signals">
      <Text size="sm" fw={600} data-testid="risk-summary">
        {riskSummary(signals)}
      </Text>
      {signals.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="risk-empty">
          {t('empty')}
        </Text>
      ) : (
        <List spacing={6} listStyleType="none" size="sm">
          {signals.map((s) => (
            <SignalItem key={s.code} signal={s} />
          ))}
        </List>
      )}
    </Stack>
  );
}

function SignalItem({ signal }: { signal: RiskSignal }) {
  const { t } = useT(RISK_NS);
  return (
    <List.Item
      data-testid={`risk-${signal.code}`}
      data-flagged={signal.flagged}
      icon={
        <ThemeIcon color={signal.flagged ? 'orange' : 'gray'} variant="light" radius="xl" size={22}>
          {signal.flagged ? (
            <IconAlertTriangle size={14} aria-hidden />
          ) : (
            <IconCircleCheck size={14} aria-hidden />
          )}
        </ThemeIcon>
      }
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {signal.flagged && (
          <Badge color="orange" variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t('flagged')}
          </Badge>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {signal.sentence}
        </Text>
      </Group>
    </List.Item>
  );
}
