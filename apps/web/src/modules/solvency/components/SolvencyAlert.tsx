import { Alert, List } from '@mantine/core';
import { COVERAGE_FALLING_DAYS, type SolvencyReport } from '@sgx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { SOLVENCY_NS } from '../i18n';

/** The reasons the report's alert is on, in words: the runway below its threshold, coverage falling day after day. */
export function alertReasons(
  report: SolvencyReport,
  t: (key: string, vars?: Record<string, string | number>) => string,
) {
  const { alert } = report;
  const reasons: string[] = [];
  if (alert.runway_below) {
    const stopped = report.runway.find((s) => s.scenario === 'stopped');
    reasons.push(t('alert.runway', { days: stopped?.days_covered ?? 0, threshold: alert.threshold_days }));
  }
  if (
    alert.coverage_falling_days >= COVERAGE_FALLING_DAYS ||
    (!alert.runway_below && alert.coverage_falling_days > 0)
  )
    reasons.push(t('alert.coverage', { days: alert.coverage_falling_days }));
  if (reasons.length === 0) reasons.push(t('alert.generic'));
  return reasons;
}

/** A red alert at the top of the page while the report's alert is on. */
export function SolvencyAlert({ report }: { report: SolvencyReport }) {
  const { t } = useT(SOLVENCY_NS);
  if (!report.alert.active) return null;
  const reasons = alertReasons(report, t);
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={20} />}
      title={t('alert.title')}
      role="alert"
      data-testid="solvency-alert"
    >
      {reasons.length === 1 ? (
        reasons[0]
      ) : (
        <List size="sm" c="inherit">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
