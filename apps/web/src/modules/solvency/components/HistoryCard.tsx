import { Skeleton, Stack, Text, useMantineTheme } from '@mantine/core';
import type { SolvencyHistoryPoint } from '@sgx/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDate } from '../../../ui/format';
import { SectionCard } from '../../../ui/SectionCard';
import { SOLVENCY_NS } from '../i18n';
import { axisDays, axisPercent, historyLines } from '../solvencyMath';
import { Legend } from './RunwayCard';
import type { ChartLine } from './SolvencyChart';

const SolvencyChart = lazy(() => import('./SolvencyChart'));

/** The daily reports' coverage (right axis, %) and no-new-money runway (left axis, days), oldest first. */
export function HistoryCard({ history }: { history: readonly SolvencyHistoryPoint[] }) {
  const { t } = useT(SOLVENCY_NS);
  const theme = useMantineTheme();
  const coverageLabel = t('history.coverage');
  const daysLabel = t('history.runwayDays');
  const coverageColor = theme.colors.indigo[7];
  const daysColor = theme.colors.orange[9];
  const lines = useMemo<ChartLine[]>(() => {
    const { coverage, days } = historyLines(history);
    return [
      {
        key: 'coverage',
        label: coverageLabel,
        color: coverageColor,
        points: coverage,
        scale: 'right',
        format: axisPercent,
      },
      {
        key: 'days',
        label: daysLabel,
        color: daysColor,
        points: days,
        scale: 'left',
        format: axisDays,
        dashed: true,
      },
    ];
  }, [history, coverageLabel, daysLabel, coverageColor, daysColor]);
  const first = history[0]?.day;
  const last = history[history.length - 1]?.day;
  return (
    <SectionCard title={t('history.title')} description={t('history.description')} testId="solvency-history">
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Suspense fallback={<Skeleton height={240} radius="md" />}>
            <SolvencyChart
              lines={lines}
              height={240}
              testId="solvency-history-chart"
              label={t('history.chartLabel', {
                count: history.length,
                from: formatDate(first),
                to: formatDate(last),
              })}
            />
          </Suspense>
          <Legend lines={lines} />
          {history.length < 2 && (
            <Text size="sm" c="dimmed">
              {t('history.few')}
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
