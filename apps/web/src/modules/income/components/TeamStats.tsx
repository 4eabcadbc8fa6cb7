import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatNumber } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { Money } from '../../../ui/Money';
import { useAllDirects } from '../api/incomeApi';
import { INCOME_NS } from '../i18n';
import { textOf, unitsOf } from './incomeMath';

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid="value">
        {children}
      </Text>
    </Card>
  );
}

/** Spec 9: team stats count only directs whose is_active is 'active' and sum their active_plan and investment_plan. */
export function TeamStats({ code, totalTeam }: { code: string; totalTeam: number }) {
  const { t } = useT(INCOME_NS);
  const directs = useAllDirects(code);
  if (directs.isError) {
    return (
      <LoadError
        title={t('team.loadError')}
        error={directs.error}
        onRetry={() => void directs.refetch()}
        loadedAt={directs.dataUpdatedAt}
      />
    );
  }
  if (directs.data === undefined) return <Skeleton h={120} />;
  const active = directs.data.directs.filter((d) => d.is_active === 'active');
  const activePlan = active.reduce((s, d) => s + unitsOf(d.active_plan), 0n);
  const invested = active.reduce((s, d) => s + unitsOf(d.investment_plan), 0n);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Stat label={t('team.activeDirects')} testId="team-active-directs">
          {formatNumber(active.length)}
        </Stat>
        <Stat label={t('team.allDirects')} testId="team-directs">
          {formatNumber(directs.data.total)}
        </Stat>
        <Stat label={t('team.wholeTeam')} testId="team-total">
          {formatNumber(totalTeam)}
        </Stat>
        <Stat label={t('team.activePlans')} testId="team-active-plan">
          <Money value={textOf(activePlan)} />
        </Stat>
        <Stat label={t('team.investment')} testId="team-investment">
          <Money value={textOf(invested)} />
        </Stat>
      </SimpleGrid>
      {!directs.data.complete && (
        <Text size="xs" c="dimmed">
          {t('team.partial', { number: directs.data.directs.length })}
        </Text>
      )}
    </Stack>
  );
}
