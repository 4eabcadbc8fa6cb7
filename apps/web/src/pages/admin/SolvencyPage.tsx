import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { IconCalculator, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useBuildSolvency, useSolvency } from '../../modules/solvency/api/solvencyApi';
import { SolvencyAlert } from '../../modules/solvency/components/SolvencyAlert';
import { SolvencyReportView } from '../../modules/solvency/components/SolvencyReportView';
import { SOLVENCY_NS } from '../../modules/solvency/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { formatDate, formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { StaffOnly } from '../../ui/StaffOnly';

const LATEST = 'latest';
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * /admin/solvency (money: finance and owners compute, compliance reads; decision 0068): will the platform pay
 * tomorrow. The day's report (latest, or ?day=), each figure with what it means, and "Compute today's report".
 */
export default function SolvencyPage() {
  const { t } = useT(SOLVENCY_NS);
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = isDay(asked) ? asked : null;
  const solvency = useSolvency(day);
  const build = useBuildSolvency();
  const data = solvency.data;
  const report = data?.report ?? null;

  const days = [...new Set([...(data?.history ?? []).map((h) => h.day), ...(day === null ? [] : [day])])]
    .sort()
    .reverse();
  const chooseDay = (v: string | null) =>
    setParams(v === null || v === LATEST ? {} : { day: v }, { replace: true });

  return (
    <PageShell
      title={t('page.title')}
      description={
        report === null
          ? t('page.description')
          : t('page.reportOf', {
              day: formatDate(report.day),
              cutoff: formatDateTime(report.cutoff),
              computed: formatDateTime(report.computed_at),
            })
      }
      actions={
        <StaffOnly area="money" note>
          <Button
            leftSection={<IconCalculator size={16} />}
            loading={build.isPending}
            onClick={() =>
              build.mutate(undefined, {
                // The new report is the latest: show it.
                onSuccess: () => chooseDay(null),
              })
            }
          >
            {t('page.build')}
          </Button>
        </StaffOnly>
      }
    >
      {/* The report's alert first: why it is on (the runway below its threshold, coverage falling day after day). */}
      {report !== null && <SolvencyAlert report={report} />}
      {build.isError && <ApiErrorAlert error={build.error} title={t('page.buildFailed')} />}
      {build.isSuccess && (
        <Text role="status" c="green" data-testid="solvency-built">
          {t('page.built', { day: formatDate(build.data.report.day) })}
        </Text>
      )}
      {days.length > 0 && (
        <Group>
          <Select
            label={t('page.day')}
            data={[
              { value: LATEST, label: t('page.latest') },
              ...days.map((d) => ({ value: d, label: formatDate(d) })),
            ]}
            value={day ?? LATEST}
            onChange={chooseDay}
            allowDeselect={false}
            w={220}
            maw="100%"
          />
        </Group>
      )}
      {solvency.isError && (
        <LoadError
          title={t('page.loadError')}
          error={solvency.error}
          onRetry={() => void solvency.refetch()}
          loadedAt={solvency.dataUpdatedAt}
        />
      )}
      <Spinner loading={solvency.isPending && solvency.fetchStatus !== 'idle'} />
      {data !== undefined && report === null && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={t('page.emptyTitle')}
          data-testid="solvency-empty"
        >
          {t('page.empty')}
        </Alert>
      )}
      {report !== null && <SolvencyReportView report={report} history={data?.history ?? []} />}
    </PageShell>
  );
}
