import { Button, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { useAdminStats } from '../../modules/admin-dashboard/api/statsApi';
import { useIncomeMatrix } from '../../modules/admin-reports/api/reportsApi';
import { IncomeMatrix } from '../../modules/admin-reports/components/IncomeMatrix';
import { monthOptions, recentMonths } from '../../modules/admin-reports/components/months';
import { TopEarners } from '../../modules/admin-reports/components/TopEarners';
import { ADMIN_REPORTS_NS } from '../../modules/admin-reports/i18n';
import { DailyBars } from '../../modules/income/components/DailyBars';
import { textOf, unitsOf } from '../../modules/income/components/incomeMath';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';

/** /admin/income: income paid per type and month, per day, top earners, and the transactions' export. */
export default function IncomePage() {
  const { t } = useT(ADMIN_REPORTS_NS);
  const [month, setMonth] = useState('');
  const matrix = useIncomeMatrix(month);
  const stats = useAdminStats();
  const daily = stats.data?.daily ?? [];
  const last30 = daily.reduce((s, d) => s + unitsOf(d.income), 0n);

  return (
    <PageShell
      title={t('income.title')}
      description={t('income.description')}
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
          {t('income.refresh')}
        </Button>
      }
    >
      <SectionCard
        title={t('income.matrixTitle')}
        testId="income-matrix"
        description={t('income.matrixDescription')}
        actions={
          <Select
            aria-label={t('col.month')}
            data={monthOptions(recentMonths(24), t('col.allMonths'))}
            value={month}
            onChange={(v) => setMonth(v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        }
      >
        {matrix.isError && (
          <LoadError
            title={t('income.matrixError')}
            error={matrix.error}
            onRetry={() => void matrix.refetch()}
            loadedAt={matrix.dataUpdatedAt}
          />
        )}
        <Spinner loading={matrix.isPending} label={t('income.loadingIncome')} />
        {matrix.data !== undefined && <IncomeMatrix rows={matrix.data.matrix} />}
      </SectionCard>

      <SectionCard
        title={t('income.dailyTitle')}
        testId="income-daily"
        description={
          stats.data !== undefined ? (
            <Text span inherit>
              <RichText
                text={t('income.lastDays', { days: daily.length })}
                components={{ amount: <Money value={textOf(last30)} /> }}
              />
            </Text>
          ) : (
            t('income.last30')
          )
        }
      >
        {stats.isError && (
          <LoadError
            title={t('income.dailyError')}
            error={stats.error}
            onRetry={() => void stats.refetch()}
            loadedAt={stats.dataUpdatedAt}
          />
        )}
        <Spinner loading={stats.isPending} label={t('income.loadingDaily')} />
        {stats.data !== undefined && (
          <Stack gap={4} data-testid="chart-income-daily">
            <DailyBars
              points={daily.map((d) => ({ day: d.day, value: d.income }))}
              label={t('income.dailyTitle')}
            />
          </Stack>
        )}
      </SectionCard>

      <SectionCard
        title={t('income.topTitle')}
        testId="income-top-earners"
        description={t('income.topDescription')}
      >
        <TopEarners />
      </SectionCard>
    </PageShell>
  );
}
