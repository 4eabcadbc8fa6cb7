import { Button, Card, Select, Stack, Text } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { IconPlus } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { cancelDeposit, useDeposits } from '../../modules/deposits/api/depositsApi';
import { DepositsTable } from '../../modules/deposits/components/DepositsTable';
import { ReorgHeldNotice } from '../../modules/deposits/components/ReorgHeldNotice';
import { useRequestStatusOptions } from '../../modules/deposits/components/statusOptions';
import { depositNetwork } from '../../modules/deposits/depositText';
import { DEPOSITS_NS } from '../../modules/deposits/i18n';
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
  const { t } = useT(DEPOSITS_NS);
  const statusOptions = useRequestStatusOptions();
  const list = useListState({ status: '' }, 10);
  const deposits = useDeposits(listQuery(list.params), { live: true });
  const invalidate = useInvalidateMoney();
  const cancel = useConfirmedAction({
    run: (d: DepositRecord, key) => cancelDeposit(d.id, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });

  return (
    <PageShell
      title={t('history.title')}
      description={t('history.description')}
      actions={
        <Button component={Link} to="/user/web3-deposit" leftSection={<IconPlus size={16} />}>
          {t('history.newDeposit')}
        </Button>
      }
    >
      <ReorgHeldNotice />
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('history.search')}
          searchPlaceholder={t('history.searchPlaceholder')}
          fetching={deposits.isFetching && !deposits.isPending}
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
              onCancel={cancel.open}
              emptyText={
                list.params.search === '' && list.filters.status === ''
                  ? t('history.empty')
                  : t('history.noMatch')
              }
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
      <ActionDialog
        action={cancel}
        title={t('history.cancelTitle')}
        confirmLabel={t('history.cancelConfirm')}
        color="red"
      >
        {cancel.payload !== null && (
          <Text>
            {t('history.cancelQuestion', {
              id: cancel.payload.id,
              amount: formatMoney(cancel.payload.amount),
              network: depositNetwork(cancel.payload),
            })}
          </Text>
        )}
      </ActionDialog>
    </PageShell>
  );
}
