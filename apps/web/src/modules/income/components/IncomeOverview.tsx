import { Button, Card, Grid, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconArrowUpRight, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { localDay } from '../../../ui/format';
import { formatMoney, Money } from '../../../ui/Money';
import { sourceLabel } from '../../transactions/components/explain';
import { CHART_DAYS, type IncomeHistory } from '../api/incomeApi';
import { INCOME_NS } from '../i18n';
import { DailyBars, lastDays } from './DailyBars';
import { basisPointsText, capFigures, periodChange, textOf, unitsOf } from './incomeMath';

interface BalanceProps {
  working: string | undefined;
  nonWorking: string | undefined;
}

/** Current Balance: working + non-working, with Withdraw. */
export function BalanceCard({ working, nonWorking }: BalanceProps) {
  const { t } = useT(INCOME_NS);
  const ready = working !== undefined && nonWorking !== undefined;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="current-balance" bg="indigo.0">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap={6}>
            <IconWallet size={18} />
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('balance.title')}
            </Text>
          </Group>
          {ready ? (
            <Money
              value={textOf(unitsOf(working) + unitsOf(nonWorking))}
              fz={28}
              fw={800}
              data-testid="amount"
            />
          ) : (
            <Skeleton h={32} w={140} />
          )}
          {ready && (
            <Text size="xs" c="dimmed">
              <RichText
                text={t('balance.split')}
                components={{ working: <Money value={working} />, nonWorking: <Money value={nonWorking} /> }}
              />
            </Text>
          )}
        </Stack>
        <Button component={Link} to="/user/withdrawal" rightSection={<IconArrowUpRight size={16} />}>
          {t('balance.withdraw')}
        </Button>
      </Group>
    </Card>
  );
}

/** The earning cap of spec 9: cap, total earnings, available limit and the limit-used bar (at most 100%). */
export function CapCard({ user }: { user: UserRecord }) {
  const { t } = useT(INCOME_NS);
  const f = capFigures(user);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="earning-cap">
      <Title order={3} fz="lg" mb="sm">
        {t('cap.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('cap.cap')}
          </Text>
          <Money value={f.cap} fw={700} fz="lg" data-testid="cap" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('cap.total')}
          </Text>
          <Money value={f.total} fw={700} fz="lg" data-testid="total-earnings" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('cap.available')}
          </Text>
          <Money value={f.available} fw={700} fz="lg" data-testid="available-limit" />
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" mt="md" mb={4}>
        <Text size="sm">{t('cap.used')}</Text>
        <Text size="sm" fw={600} data-testid="limit-used">
          {basisPointsText(f.usedBasisPoints)}
        </Text>
      </Group>
      <Progress
        value={f.usedBasisPoints / 100}
        color={f.usedBasisPoints >= 10_000 ? 'red' : f.usedBasisPoints >= 8_000 ? 'orange' : 'teal'}
        size="lg"
        radius="xl"
        aria-label={t('cap.usedLabel')}
      />
      {!f.hasPlan && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('cap.noPlan')}{' '}
          <Text component={Link} to="/user/subscription" c="indigo" inherit>
            {t('cap.choosePlan')}
          </Text>
        </Text>
      )}
    </Card>
  );
}

const counted = ['roi_income', 'level_month', 'direct_income', 'reward', 'salary'] as const;

/** Lifetime income by type, from the member record (the figures the cap counts). */
export function IncomeByType({ user }: { user: UserRecord }) {
  return (
    <Grid gap="sm" data-testid="income-by-type">
      {counted.map((k) => (
        <Grid.Col key={k} span={{ base: 6, sm: 4, lg: 'auto' }}>
          <Card withBorder radius="lg" padding="sm" h="100%" data-testid={`income-${k}`}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {sourceLabel(k)}
            </Text>
            <Money value={user[k]} fw={700} fz="lg" data-testid="amount" />
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Income per day over the last 30 days from the ledger, and the change against the 30 days before. */
export function IncomeChartCard({ history }: { history: IncomeHistory | undefined }) {
  const { t } = useT(INCOME_NS);
  const days = lastDays(CHART_DAYS);
  const firstDay = days[0] ?? '';
  const perDay = new Map<string, bigint>(days.map((d) => [d, 0n]));
  let current = 0n;
  let previous = 0n;
  for (const r of history?.rows ?? []) {
    // Each credit on the member's own calendar day (their time zone), as the chart's days are.
    const day = localDay(r.created_at) ?? r.created_at.slice(0, 10);
    const amount = unitsOf(r.amount);
    if (perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0n) + amount);
    if (day >= firstDay) current += amount;
    else previous += amount;
  }
  const change = history?.complete ? periodChange(current, previous) : null;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="income-chart">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <div>
          <Title order={3} fz="lg">
            {t('chart.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('chart.period', { days: CHART_DAYS })}
          </Text>
        </div>
        <Stack gap={0} align="flex-end">
          <Money value={textOf(current)} fw={700} fz="lg" data-testid="period-total" />
          {change !== null && (
            <Text
              size="xs"
              c={change.kind === 'percent' ? (change.text.startsWith('-') ? 'red' : 'teal') : 'dimmed'}
              data-testid="period-change"
            >
              {change.kind === 'percent'
                ? t('chart.change', { change: change.text, days: CHART_DAYS })
                : change.kind === 'none'
                  ? t('chart.changeNone', { days: CHART_DAYS })
                  : t('chart.changePrevious', {
                      amount: formatMoney(textOf(change.before)),
                      days: CHART_DAYS,
                    })}
            </Text>
          )}
        </Stack>
      </Group>
      {history === undefined ? (
        <Skeleton h={140} />
      ) : (
        <DailyBars
          label={t('chart.perDay')}
          points={days.map((d) => ({ day: d, value: textOf(perDay.get(d) ?? 0n) }))}
        />
      )}
      {history !== undefined && !history.complete && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('chart.partial')}
        </Text>
      )}
    </Card>
  );
}
