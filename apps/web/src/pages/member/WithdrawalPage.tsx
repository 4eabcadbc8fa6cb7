import { Alert, Button, Card, Grid, Select, Stack, Text } from '@mantine/core';
import type { WithdrawalRecord } from '@sgx/contracts';
import { IconAddressBook } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { useRequestStatusOptions } from '../../modules/deposits/components/statusOptions';
import { useUser } from '../../modules/users/api/usersApi';
import { BlockedGate } from '../../modules/users/components/BlockedBanner';
import { useMemberId } from '../../modules/wallet/api/useMemberId';
import { useInvalidateMoney, useWallet } from '../../modules/wallet/api/walletApi';
import { cancelWithdrawal, kindSource, useWithdrawals } from '../../modules/withdrawals/api/withdrawalsApi';
import { CompoundForm } from '../../modules/withdrawals/components/CompoundForm';
import { WithdrawalForm } from '../../modules/withdrawals/components/WithdrawalForm';
import { WithdrawalsTable } from '../../modules/withdrawals/components/WithdrawalsTable';
import { WITHDRAWALS_NS } from '../../modules/withdrawals/i18n';
import { ActionDialog } from '../../ui/ActionDialog';
import { ListPager } from '../../ui/ListPager';
import { LoadError } from '../../ui/LoadError';
import { formatMoney } from '../../ui/Money';
import { PageShell } from '../../ui/PageShell';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useConfirmedAction } from '../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../ui/useListState';

/** /user/withdrawal: request a withdrawal with the server's quote, move working to compound, see requests. */
export default function WithdrawalPage() {
  const { t } = useT(WITHDRAWALS_NS);
  const statusOptions = useRequestStatusOptions();
  const userId = useMemberId();
  const user = useUser(userId);
  const wallet = useWallet(userId);
  const list = useListState({ status: '' }, 10);
  const requests = useWithdrawals(listQuery(list.params));
  const invalidate = useInvalidateMoney();
  const cancel = useConfirmedAction({
    run: (w: WithdrawalRecord, key) => cancelWithdrawal(w.id, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });
  const hasPayout = user.data !== undefined && (Boolean(user.data.bep20) || Boolean(user.data.trc20));

  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      {user.isError && (
        <LoadError title={t('page.profileError')} error={user.error} onRetry={() => void user.refetch()} />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <Spinner loading={user.isPending} />
            {user.data !== undefined && !hasPayout && (
              <Alert
                color="orange"
                icon={<IconAddressBook size={18} />}
                title={t('page.noPayoutTitle')}
                role="alert"
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('page.noPayoutText')}</Text>
                  <Button component={Link} to={`/user/profile/${userId}`} size="xs" color="orange">
                    {t('page.addPayout')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {user.data !== undefined && hasPayout && (
              <BlockedGate id="withdraw-blocked-note" action="withdraw">
                <WithdrawalForm user={user.data} />
              </BlockedGate>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SectionCard title={t('page.compoundTitle')} description={t('page.compoundDescription')}>
            {userId !== null && <CompoundForm userId={userId} working={wallet.data?.wallets.working} />}
          </SectionCard>
        </Grid.Col>
      </Grid>

      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <Select
            aria-label={t('page.status')}
            label={t('page.yourRequests')}
            data={statusOptions}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          {requests.isError && (
            <LoadError
              title={t('page.requestsError')}
              error={requests.error}
              onRetry={() => void requests.refetch()}
              loadedAt={requests.dataUpdatedAt}
            />
          )}
          <Spinner loading={requests.isPending} />
          {requests.data !== undefined && (
            <>
              <WithdrawalsTable
                rows={requests.data.withdrawals}
                onCancel={cancel.open}
                emptyText={list.filters.status === '' ? t('page.empty') : t('page.noMatch')}
              />
              <ListPager
                page={list.page}
                totalPages={requests.data.totalPages}
                total={requests.data.total}
                onPage={list.setPage}
                noun={[t('page.one'), t('page.other')]}
                label={t('page.pages')}
              />
            </>
          )}
        </Stack>
      </Card>
      <ActionDialog
        action={cancel}
        title={t('page.cancelTitle')}
        confirmLabel={t('page.cancelConfirm')}
        color="red"
      >
        {cancel.payload !== null && (
          <Text size="sm">
            {t('page.cancelQuestion', { id: cancel.payload.id, amount: formatMoney(cancel.payload.amount) })}{' '}
            {cancel.payload.kind === 'principal'
              ? t('page.cancelPlanStays')
              : t('page.cancelGoesBack', { source: kindSource(cancel.payload.kind) })}
          </Text>
        )}
      </ActionDialog>
    </PageShell>
  );
}
