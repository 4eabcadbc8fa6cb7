import { Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import { useAdminStats } from '../../modules/admin-dashboard/api/statsApi';
import { StatsView } from '../../modules/admin-dashboard/components/StatsView';
import { ADMIN_DASHBOARD_NS } from '../../modules/admin-dashboard/i18n';
import { SetupChecklist } from '../../modules/setup/components/SetupChecklist';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /admin/dashboard: members, money, pending queues, income today, token price, 30 days of history. */
export default function DashboardPage() {
  const { t } = useT(ADMIN_DASHBOARD_NS);
  const stats = useAdminStats();
  return (
    <PageShell
      title={t('page.title')}
      description={
        stats.dataUpdatedAt > 0 ? (
          <Text span inherit>
            {t('page.refreshed', { time: formatDateTime(new Date(stats.dataUpdatedAt).toISOString()) })}
          </Text>
        ) : (
          t('page.description')
        )
      }
      actions={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={stats.isFetching}
          onClick={() => void stats.refetch()}
        >
          {t('page.refresh')}
        </Button>
      }
    >
      <SetupChecklist />
      {stats.isError && (
        <LoadError
          title={t('page.loadError')}
          error={stats.error}
          onRetry={() => void stats.refetch()}
          loadedAt={stats.dataUpdatedAt}
        />
      )}
      <Spinner loading={stats.isPending && stats.fetchStatus !== 'idle'} />
      {stats.data !== undefined && <StatsView stats={stats.data} />}
    </PageShell>
  );
}
