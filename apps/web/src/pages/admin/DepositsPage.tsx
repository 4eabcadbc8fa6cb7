import { Card, Select, Stack } from '@mantine/core';
import toast from 'react-hot-toast';
import { ApprovalDecisionDialog } from '../../modules/approvals/components/ApprovalDecisionDialog';
import { useAwaitingApprovals } from '../../modules/approvals/components/AwaitingApproval';
import { decideDeposit, useDeposits } from '../../modules/deposits/api/depositsApi';
import {
  DepositDecisionDialog,
  type DepositDecisionRequest,
} from '../../modules/deposits/components/DepositDecisionDialog';
import { DepositsTable } from '../../modules/deposits/components/DepositsTable';
import { ReorgHeldPanel } from '../../modules/deposits/components/ReorgHeldPanel';
import { requestStatusOptions } from '../../modules/deposits/components/statusOptions';
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
      toast.success(res.message);
      invalidate();
    },
  });
  const { awaiting, approve } = useAwaitingApprovals(deposits.data?.deposits);

  return (
    <PageShell
      title="Deposits"
      description="Deposits on chains the server reads are verified and credited on their own. Check the rest (and any the check refused) on chain, then approve (credits the member) or decline."
    >
      <ReorgHeldPanel />
      <Card withBorder radius="lg" padding="md" data-testid="deposits-list">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search deposits"
          searchPlaceholder="Search member or transaction hash"
          fetching={deposits.isFetching && !deposits.isPending}
          actions={<CsvButton path="/deposite/list" query={qs} name="deposits" />}
        >
          <Select
            aria-label="Status"
            data={requestStatusOptions}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
        </ListToolbar>
        {deposits.isError && (
          <LoadError
            title="Deposits could not be loaded"
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
              emptyText={
                list.filters.status === 'pending' ? 'No deposits wait for a decision.' : 'No deposits match.'
              }
            />
            <ListPager
              page={list.page}
              totalPages={deposits.data.totalPages}
              total={deposits.data.total}
              onPage={list.setPage}
              noun={['deposit', 'deposits']}
              label="Deposit pages"
            />
          </Stack>
        )}
      </Card>
      <DepositDecisionDialog action={decide} />
      <ApprovalDecisionDialog action={approve} />
    </PageShell>
  );
}
