import { Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAdminStats } from '../../modules/admin-dashboard/api/statsApi';
import { StatsView } from '../../modules/admin-dashboard/components/StatsView';
import { SetupChecklist } from '../../modules/setup/components/SetupChecklist';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /admin/dashboard: members, money, pending queues, income today, token price, 30 days of history. */
export default function DashboardPage() {
  const stats = useAdminStats();
  return (
    <PageShell
      title="Admin Dashboard"
      description={
        stats.dataUpdatedAt > 0 ? (
          <Text span inherit>
            Platform figures, refreshed {formatDateTime(new Date(stats.dataUpdatedAt).toISOString())}
          </Text>
        ) : (
          'Platform figures'
        )
      }
      actions={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={stats.isFetching}
          onClick={() => void stats.refetch()}
        >
          Refresh
        </Button>
      }
    >
      <SetupChecklist />
      {stats.isError && (
        <LoadError
          title="Failed to fetch admin dashboard"
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
