import { SegmentedControl, Select, Stack, Switch } from '@mantine/core';
import type { WithdrawalKind } from '@sgx/contracts';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { CsvButton } from '../../../ui/CsvButton';
import { ListPager } from '../../../ui/ListPager';
import { ListToolbar } from '../../../ui/ListToolbar';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../../ui/useListState';
import { ApprovalDecisionDialog } from '../../approvals/components/ApprovalDecisionDialog';
import { useAwaitingApprovals } from '../../approvals/components/AwaitingApproval';
import { useRequestStatusOptions } from '../../deposits/components/statusOptions';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { decideWithdrawal, kindLabel, useWithdrawals } from '../api/withdrawalsApi';
import { WITHDRAWALS_NS } from '../i18n';
import { type Decision, DecisionDialog } from './WithdrawalDecisionDialog';
import { WithdrawalsTable } from './WithdrawalsTable';

interface AdminWithdrawalsProps {
  /** The kinds this screen handles; a selector shows when there are several. */
  kinds: WithdrawalKind[];
}

/** Admin: withdrawal requests of the given kinds, pending first, with Complete and Decline. */
export function AdminWithdrawals({ kinds }: AdminWithdrawalsProps) {
  const { t } = useT(WITHDRAWALS_NS);
  const statusOptions = useRequestStatusOptions();
  const list = useListState({ status: 'pending', kind: kinds[0] ?? 'working', flagged: '' }, 20);
  const qs = listQuery(list.params);
  const rows = useWithdrawals(qs);
  const invalidate = useInvalidateMoney();
  const decide = useConfirmedAction({
    run: (d: Decision, key) =>
      decideWithdrawal(
        d.withdrawal.kind,
        d.withdrawal.id,
        {
          status: d.status,
          user_id: d.withdrawal.user_id,
          ...(d.note !== undefined ? { note: d.note } : {}),
          // The way the dialog said it is paid: the server refuses the completion if it pays the other way.
          ...(d.status === 'complete' && d.withdrawal.payout_method !== null
            ? { payout_method: d.withdrawal.payout_method }
            : {}),
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });
  const { awaiting, approve } = useAwaitingApprovals(rows.data?.withdrawals);

  return (
    <Stack gap="sm">
      {kinds.length > 1 && (
        <SegmentedControl
          data={kinds.map((k) => ({ value: k, label: kindLabel(k) }))}
          value={list.filters.kind}
          onChange={(v) => list.setFilter('kind', v)}
          aria-label={t('kind.aria')}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('admin.search')}
        searchPlaceholder={t('admin.searchPlaceholder')}
        fetching={rows.isFetching && !rows.isPending}
        actions={
          <CsvButton path="/withdrawalrequest/list" query={qs} name={`withdrawals-${list.filters.kind}`} />
        }
      >
        <Select
          aria-label={t('admin.status')}
          data={statusOptions}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Switch
          label={t('admin.flaggedOnly')}
          checked={list.filters.flagged === 'true'}
          onChange={(e) => list.setFilter('flagged', e.currentTarget.checked ? 'true' : '')}
          style={{ alignSelf: 'center' }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title={t('admin.loadError')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <>
          <WithdrawalsTable
            rows={rows.data.withdrawals}
            showMember
            onDecide={(withdrawal, status) => decide.open({ withdrawal, status })}
            awaiting={awaiting}
            emptyText={
              list.filters.status === 'pending' && list.filters.flagged === ''
                ? t('admin.emptyPending')
                : t('admin.noMatch')
            }
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={[t('page.one'), t('page.other')]}
            label={t('page.pages')}
          />
        </>
      )}
      <DecisionDialog
        key={decide.payload === null ? 0 : `${decide.payload.withdrawal.id}:${decide.payload.status}`}
        action={decide}
      />
      <ApprovalDecisionDialog action={approve} />
    </Stack>
  );
}
