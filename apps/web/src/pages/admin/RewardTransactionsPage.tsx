import { Stack } from '@mantine/core';
import { LeadershipResponse } from '@sgx/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../app/api';
import { errorMessage } from '../../app/apiError';
import { rewardKeys } from '../../modules/rewards/api/rewardsApi';
import { LeadershipTable } from '../../modules/rewards/components/RewardTables';
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
    <PageShell
      title="Reward Transactions"
      description="Rank rewards paid to members, and leadership records."
    >
      <SectionCard
        title="Reward income"
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
            title="Failed to fetch transactions"
            error={rows.error}
            onRetry={() => void rows.refetch()}
            loadedAt={rows.dataUpdatedAt}
          />
        )}
        <Spinner loading={rows.isPending} />
        {rows.data !== undefined && (
          <Stack gap="sm">
            <TransactionsTable rows={rows.data.transactions} showMember emptyText="No rewards paid yet." />
            <ListPager
              page={page}
              totalPages={rows.data.totalPages}
              total={rows.data.total}
              onPage={setPage}
              noun={['transaction', 'transactions']}
              label="Reward transaction pages"
            />
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Leadership">
        {leaders.isError && (
          <LoadError
            title="Leadership could not be loaded"
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
        message="Revoke this leadership record?"
        confirmLabel="Revoke"
        onConfirm={async () => {
          if (revoking === null) return;
          setBusy(true);
          try {
            await apiRequest(`/leadership/${revoking}`, { method: 'DELETE' });
            toast.success('Leadership revoked', { duration: 3000 });
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
