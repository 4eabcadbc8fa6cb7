import { Card, Select, Stack } from '@mantine/core';
import toast from 'react-hot-toast';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { ApprovalDecisionDialog } from '../../modules/approvals/components/ApprovalDecisionDialog';
import { useAwaitingApprovals } from '../../modules/approvals/components/AwaitingApproval';
import { HeldPayoutsPanel } from '../../modules/chain-payouts/components/HeldPayoutsPanel';
import { decideDeposit, useDeposits } from '../../modules/deposits/api/depositsApi';
import {
  DepositDecisionDialog,
  type DepositDecisionRequest,
} from '../../modules/deposits/components/DepositDecisionDialog';
import { DepositsTable } from '../../modules/deposits/components/DepositsTable';
import { ReorgHeldPanel } from '../../modules/deposits/components/ReorgHeldPanel';
import { useRequestStatusOptions } from '../../modules/deposits/components/statusOptions';
import { DEPOSITS_NS } from '../../modules/deposits/i18n';
import { useInvalidateMoney } from '../../modules/wallet/api/walletApi';
import { CsvButton } from '../../ui/CsvButton';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { useConfirmedAction } from '../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../ui/useListState';

/**
 * /admin/deposits: every deposit, pending first to decide: approve (credit) or decline. A credit kept for a
 * second admin (decision 0024) says so and who asked; another admin approves it here.
 */
export default function DepositsPage() {
  const { t } = useT(DEPOSITS_NS);
  const statusOptions = useRequestStatusOptions();
  const list = useListState({ status: 'pending' }, 20);
  const qs = listQuery(list.params);
  const deposits = useDeposits(qs);
  const invalidate = useInvalidateMoney();
  const decide = useConfirmedAction({
    run: (r: DepositDecisionRequest, key) =>
      decideDeposit(
        r.deposit.id,
        {
          status: r.status,
          user_id: r.deposit.user_id,
          ...(r.amount !== undefined ? { amount: r.amount } : {}),
          ...(r.note !== undefined ? { note: r.note } : {}),
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });
  const { awaiting, approve } = useAwaitingApprovals(deposits.data?.deposits);

  return (
    <PageShell title={t('admin.title')} description={t('admin.description')}>
      <ReorgHeldPanel />
      <HeldPayoutsPanel />
      <Card withBorder radius="lg" padding="md" data-testid="deposits-list">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('history.search')}
          searchPlaceholder={t('admin.searchPlaceholder')}
          fetching={deposits.isFetching && !deposits.isPending}
          actions={<CsvButton path="/deposite/list" query={qs} name="deposits" />}
        >
          <Select
            aria-label={t('history.status')}
            data={statusOptions}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
        </ListToolbar>
        {deposits.isError && (
          <LoadError
            title={t('history.loadError')}
            error={deposits.error}
            onRetry={() => void deposits.refetch()}
            loadedAt={deposits.dataUpdatedAt}
          />
        )}
        <Spinner loading={deposits.isPending} />
        {deposits.data !== undefined && (
          <Stack gap="sm">
            <DepositsTable
              rows={deposits.data.deposits}
              showMember
              onDecide={(deposit, status) => decide.open({ deposit, status })}
              awaiting={awaiting}
              emptyText={list.filters.status === 'pending' ? t('admin.emptyPending') : t('history.noMatch')}
            />
            <ListPager
              page={list.page}
              totalPages={deposits.data.totalPages}
              total={deposits.data.total}
              onPage={list.setPage}
              noun={[t('history.one'), t('history.other')]}
              label={t('history.pages')}
            />
          </Stack>
        )}
      </Card>
      <DepositDecisionDialog action={decide} />
      <ApprovalDecisionDialog action={approve} />
    </PageShell>
  );
}
