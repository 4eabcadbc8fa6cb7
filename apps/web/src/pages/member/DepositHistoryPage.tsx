import { Button, Card, Select, Stack, Text } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { cancelDeposit, useDeposits } from '../../modules/deposits/api/depositsApi';
import { DepositsTable } from '../../modules/deposits/components/DepositsTable';
import { ReorgHeldNotice } from '../../modules/deposits/components/ReorgHeldNotice';
import { requestStatusOptions } from '../../modules/deposits/components/statusOptions';
import { depositNetwork } from '../../modules/deposits/depositText';
import { useInvalidateMoney } from '../../modules/wallet/api/walletApi';
import { ActionDialog } from '../../ui/ActionDialog';
import { ListPager } from '../../ui/ListPager';
import { ListToolbar } from '../../ui/ListToolbar';
import { LoadError } from '../../ui/LoadError';
import { formatMoney } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { useConfirmedAction } from '../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../ui/useListState';

/** /user/deposit-history: the member's deposits, server-paged, with a status filter and cancel for pending ones. */
export default function DepositHistoryPage() {
  const list = useListState({ status: '' }, 10);
  const deposits = useDeposits(listQuery(list.params), { live: true });
  const invalidate = useInvalidateMoney();
  const cancel = useConfirmedAction({
    run: (d: DepositRecord, key) => cancelDeposit(d.id, key),
    onSuccess: (res) => {
      toast.success(res.message);
      invalidate();
    },
  });

  return (
    <PageShell
      title="Deposit History"
      description="Every deposit you reported, we found from your linked wallets or received at your own deposit address, with its network, check and status."
      actions={
        <Button component={Link} to="/user/web3-deposit" leftSection={<IconPlus size={16} />}>
          New deposit
        </Button>
      }
    >
      <ReorgHeldNotice />
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel="Search deposits"
          searchPlaceholder="Search transaction hash"
          fetching={deposits.isFetching && !deposits.isPending}
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
              onCancel={cancel.open}
              emptyText={
                list.params.search === '' && list.filters.status === ''
                  ? 'No deposits yet. Make your first one on the Web3 deposit page.'
                  : 'No deposits match.'
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
      <ActionDialog action={cancel} title="Cancel deposit?" confirmLabel="Cancel deposit" color="red">
        {cancel.payload !== null && (
          <Text>
            Cancel your pending deposit #{cancel.payload.id} of {formatMoney(cancel.payload.amount)} on{' '}
            {depositNetwork(cancel.payload)}? Nothing was credited for it. If you did send the funds, do not
            cancel: wait for verification.
          </Text>
        )}
      </ActionDialog>
    </PageShell>
  );
}
