import { Button, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminStats } from '../../modules/admin-dashboard/api/statsApi';
import { useIncomeMatrix } from '../../modules/admin-reports/api/reportsApi';
import { IncomeMatrix } from '../../modules/admin-reports/components/IncomeMatrix';
import { monthOptions, recentMonths } from '../../modules/admin-reports/components/months';
import { TopEarners } from '../../modules/admin-reports/components/TopEarners';
import { DailyBars } from '../../modules/income/components/DailyBars';
import { textOf, unitsOf } from '../../modules/income/components/incomeMath';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';

/** /admin/income: income paid per type and month, per day, top earners, and the transactions' export. */
export default function IncomePage() {
  const [month, setMonth] = useState('');
  const matrix = useIncomeMatrix(month);
  const stats = useAdminStats();
  const daily = stats.data?.daily ?? [];
  const last30 = daily.reduce((s, d) => s + unitsOf(d.income), 0n);

  return (
    <PageShell
      title="Income"
      description="Income paid to members: ROI, level, direct, salary, rewards and CTO."
      actions={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={matrix.isFetching || stats.isFetching}
          onClick={() => {
            void matrix.refetch();
            void stats.refetch();
          }}
        >
          Refresh
        </Button>
      }
    >
      <SectionCard
        title="Income by type and month"
        testId="income-matrix"
        description="Credits to member wallets, from the ledger. Reversed credits are still counted here."
        actions={
          <Select
            aria-label="Month"
            data={monthOptions(recentMonths(24), 'All months')}
            value={month}
            onChange={(v) => setMonth(v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        }
      >
        {matrix.isError && (
          <LoadError
            title="Failed to load the income matrix"
            error={matrix.error}
            onRetry={() => void matrix.refetch()}
            loadedAt={matrix.dataUpdatedAt}
          />
        )}
        <Spinner loading={matrix.isPending} label="Loading income" />
        {matrix.data !== undefined && <IncomeMatrix rows={matrix.data.matrix} />}
      </SectionCard>

      <SectionCard
        title="Income per day"
        testId="income-daily"
        description={
          stats.data !== undefined ? (
            <Text span inherit>
              Last {daily.length} days: <Money value={textOf(last30)} />
            </Text>
          ) : (
            'Last 30 days'
          )
        }
      >
        {stats.isError && (
          <LoadError
            title="Failed to load the daily income"
            error={stats.error}
            onRetry={() => void stats.refetch()}
            loadedAt={stats.dataUpdatedAt}
          />
        )}
        <Spinner loading={stats.isPending} label="Loading daily income" />
        {stats.data !== undefined && (
          <Stack gap={4} data-testid="chart-income-daily">
            <DailyBars points={daily.map((d) => ({ day: d.day, value: d.income }))} label="Income per day" />
          </Stack>
        )}
      </SectionCard>

      <SectionCard
        title="Top earners"
        testId="income-top-earners"
        description="Credits of one income type in a range of months, summed per member."
      >
        <TopEarners />
      </SectionCard>
    </PageShell>
  );
}
