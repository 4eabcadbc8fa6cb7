import { Stack } from '@mantine/core';
import type { SolvencyHistoryPoint, SolvencyReport } from '@sgx/contracts';
import { CohortsCard } from './CohortsCard';
import { FlowsCard } from './FlowsCard';
import { HealthCard } from './HealthCard';
import { HistoryCard } from './HistoryCard';
import { RunwayCard } from './RunwayCard';
import { SolvencyHeadline } from './SolvencyHeadline';

/** One day's solvency report: the headline figures, the runway, the history, cohorts, flows, health. */
export function SolvencyReportView({
  report,
  history,
}: {
  report: SolvencyReport;
  history: readonly SolvencyHistoryPoint[];
}) {
  return (
    <Stack gap="md" data-testid="solvency-report" data-day={report.day}>
      <SolvencyHeadline report={report} />
      <RunwayCard runway={report.runway} />
      <HistoryCard history={history} />
      <CohortsCard cohorts={report.cohorts} />
      <FlowsCard flows={report.flows} />
      <HealthCard health={report.health} />
    </Stack>
  );
}
