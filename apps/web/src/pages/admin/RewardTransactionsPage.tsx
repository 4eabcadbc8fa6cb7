import { Stack } from '@mantine/core';
import { LeadershipResponse } from '@sgx/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../app/api';
import { errorMessage } from '../../app/apiError';
import { useT } from '../../i18n/i18n';
import { rewardKeys } from '../../modules/rewards/api/rewardsApi';
import { LeadershipTable } from '../../modules/rewards/components/RewardTables';
import { REWARDS_NS } from '../../modules/rewards/i18n';
import { useAllTransactions } from '../../modules/transactions/api/transactionsApi';
import { TransactionsTable } from '../../modules/transactions/components/TransactionsTable';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;

/** /admin/reward-transactions: reward income paid (GET /tr/all?source=reward) and leadership records. */
export default function RewardTransactionsPage() {
  const { t } = useT(REWARDS_NS);
  const [page, setPage] = useState(1);
  const qs = new URLSearchParams({ source: 'reward', page: String(page), limit: String(PAGE_SIZE) });
  const rows = useAllTransactions(qs);
  const queryClient = useQueryClient();
  const leaders = useQuery({
    queryKey: rewardKeys.leadershipAll,
    queryFn: ({ signal }) => apiRequest('/leadership/list', { schema: LeadershipResponse, signal }),
  });
  const [revoking, setRevoking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <PageShell title={t('transactions.title')} description={t('transactions.description')}>
      <SectionCard
        title={t('transactions.income')}
        actions={
          <CsvButton
            path="/tr/all"
            query={new URLSearchParams({ source: 'reward' })}
            name="reward-transactions"
          />
        }
      >
        {rows.isError && (
          <LoadError
            title={t('transactions.loadError')}
            error={rows.error}
            onRetry={() => void rows.refetch()}
            loadedAt={rows.dataUpdatedAt}
          />
        )}
        <Spinner loading={rows.isPending} />
        {rows.data !== undefined && (
          <Stack gap="sm">
            <TransactionsTable rows={rows.data.transactions} showMember emptyText={t('transactions.none')} />
            <ListPager
              page={page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={setPage}
              noun={[t('transactions.one'), t('transactions.other')]}
              label={t('transactions.pages')}
            />
          </Stack>
        )}
      </SectionCard>
      <SectionCard title={t('transactions.leadership')}>
        {leaders.isError && (
          <LoadError
            title={t('transactions.leadershipError')}
            error={leaders.error}
            onRetry={() => void leaders.refetch()}
          />
        )}
        <LeadershipTable rows={leaders.data?.leadership ?? []} onRevoke={(r) => setRevoking(r.id)} />
      </SectionCard>
      <ConfirmDialog
        opened={revoking !== null}
        loading={busy}
        onCancel={() => setRevoking(null)}
        message={t('transactions.revokeConfirm')}
        confirmLabel={t('transactions.revoke')}
        onConfirm={async () => {
          if (revoking === null) return;
          setBusy(true);
          try {
            await apiRequest(`/leadership/${revoking}`, { method: 'DELETE' });
            toast.success(t('transactions.revoked'), { duration: 3000 });
            setRevoking(null);
            void queryClient.invalidateQueries({ queryKey: rewardKeys.leadershipAll });
          } catch (cause) {
            toast.error(errorMessage(cause), { duration: 3000 });
          } finally {
            setBusy(false);
          }
        }}
      />
    </PageShell>
  );
}
