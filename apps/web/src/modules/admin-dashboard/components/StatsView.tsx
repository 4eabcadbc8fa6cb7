import { Anchor, Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminStatsResponse } from '@sgx/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { Money } from '../../../ui/Money';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { DailyBars } from '../../income/components/DailyBars';
import { textOf, unitsOf } from '../../income/components/incomeMath';
import { sourceLabel } from '../../transactions/components/explain';
import { ADMIN_DASHBOARD_NS } from '../i18n';

function Stat({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" h="100%" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid="value">
        {children}
      </Text>
      {hint !== undefined && (
        <Text size="xs" c="dimmed" mt={2} component="div">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** The admin dashboard's figures (GET /admin/stats). */
export function StatsView({ stats }: { stats: AdminStatsResponse }) {
  const { t } = useT(ADMIN_DASHBOARD_NS);
  // The queues' links for the roles that open them (decision 0054); the figures are every role's.
  const readsMoney = useStaffMay('money', 'read');
  const { members, money } = stats;
  const incomeToday = stats.income_today.reduce((s, r) => s + unitsOf(r.total), 0n);
  const chart = (key: 'deposits' | 'withdrawals' | 'income') =>
    stats.daily.map((d) => ({ day: d.day, value: d[key] }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Stat
          label={t('stats.members')}
          testId="stat-members"
          hint={t('stats.blocked', { n: members.blocked })}
        >
          {members.total}
        </Stat>
        <Stat label={t('stats.active')} testId="stat-active">
          {members.active}
        </Stat>
        <Stat label={t('stats.newToday')} testId="stat-new-today">
          {members.new_today}
        </Stat>
        <Stat
          label={t('stats.moneyIn')}
          testId="stat-money-in"
          hint={
            <RichText
              text={t('stats.today')}
              components={{ amount: <Money value={money.deposits_today} /> }}
            />
          }
        >
          <Money value={money.deposits_total} />
        </Stat>
        <Stat
          label={t('stats.moneyOut')}
          testId="stat-money-out"
          hint={
            <RichText
              text={t('stats.today')}
              components={{ amount: <Money value={money.withdrawals_today} /> }}
            />
          }
        >
          <Money value={money.withdrawals_total} />
        </Stat>
        <Stat label={t('stats.invested')} testId="stat-invested">
          <Money value={money.invested} />
        </Stat>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Stat
          label={t('stats.pendingDeposits')}
          testId="stat-pending-deposits"
          hint={
            readsMoney ? (
              <Anchor component={Link} to="/admin/deposits" size="xs">
                {t('stats.reviewDeposits')}
              </Anchor>
            ) : undefined
          }
        >
          {money.pending_deposits.count}{' '}
          <Text span c="dimmed" fz="md">
            (<Money value={money.pending_deposits.amount} />)
          </Text>
        </Stat>
        <Stat
          label={t('stats.pendingWithdrawals')}
          testId="stat-pending-withdrawals"
          hint={
            readsMoney ? (
              <Anchor component={Link} to="/admin/withdrawals" size="xs">
                {t('stats.reviewWithdrawals')}
              </Anchor>
            ) : undefined
          }
        >
          {money.pending_withdrawals.count}{' '}
          <Text span c="dimmed" fz="md">
            (<Money value={money.pending_withdrawals.amount} />)
          </Text>
        </Stat>
        <Stat label={t('stats.incomeToday')} testId="stat-income-today">
          <Money value={textOf(incomeToday)} />
        </Stat>
        <Stat label={t('stats.tokenPrice')} testId="stat-token-price">
          {stats.token_price === null ? '-' : <Money value={stats.token_price} kind="price" />}
        </Stat>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="md" data-testid="income-today">
        <Title order={3} fz="lg" mb="xs">
          {t('stats.incomeByType')}
        </Title>
        {stats.income_today.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('stats.noIncome')}
          </Text>
        ) : (
          <Group gap="xs">
            {stats.income_today.map((r) => (
              <Badge key={r.income_type} variant="light" size="lg" tt="none">
                {sourceLabel(r.income_type)}: <Money value={r.total} />
              </Badge>
            ))}
          </Group>
        )}
      </Card>

      <Grid gap="sm">
        {(
          [
            ['deposits', t('charts.deposits'), 'teal'],
            ['withdrawals', t('charts.withdrawals'), 'red'],
            ['income', t('charts.income'), 'indigo'],
          ] as const
        ).map(([key, label, color]) => (
          <Grid.Col key={key} span={{ base: 12, md: 6 }}>
            <Card withBorder radius="lg" padding="md" data-testid={`chart-${key}`}>
              <Title order={3} fz="md" mb="xs">
                {label}
              </Title>
              <DailyBars points={chart(key)} label={label} color={color} />
            </Card>
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="md" data-testid="chart-registrations">
            <Title order={3} fz="md" mb="xs">
              {t('charts.registrations')}
            </Title>
            <DailyBars
              points={stats.daily.map((d) => ({ day: d.day, value: String(d.registrations) }))}
              label={t('charts.registrations')}
              kind="count"
              color="grape"
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
