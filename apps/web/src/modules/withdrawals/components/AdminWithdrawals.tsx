import { Alert, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import type { WithdrawalKind, WithdrawalRecord } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CsvButton } from '../../../ui/CsvButton';
import { ListPager } from '../../../ui/ListPager';
import { ListToolbar } from '../../../ui/ListToolbar';
import { LoadError } from '../../../ui/LoadError';
import { formatMoney } from '../../../ui/Money';
import { Spinner } from '../../../ui/Spinner';
import { type ConfirmedAction, useConfirmedAction } from '../../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../../ui/useListState';
import { requestStatusOptions } from '../../deposits/components/statusOptions';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { decideWithdrawal, kindLabels, kindSources, useWithdrawals } from '../api/withdrawalsApi';
import { WithdrawalsTable } from './WithdrawalsTable';

interface Decision {
  withdrawal: WithdrawalRecord;
  status: 'complete' | 'decline';
  note?: string;
}

function DecisionDialog({ action }: { action: ConfirmedAction<Decision> }) {
  const [note, setNote] = useState('');
  const d = action.payload;
  const completing = d?.status === 'complete';
  return (
    <ActionDialog
      action={action}
      title={completing ? 'Complete withdrawal' : 'Decline withdrawal'}
      confirmLabel={completing ? 'Mark as paid' : 'Decline'}
      color={completing ? 'teal' : 'red'}
      onConfirm={() => {
        if (d === null) return;
        const trimmed = note.trim();
        action.confirm({
          withdrawal: d.withdrawal,
          status: d.status,
          ...(trimmed !== '' ? { note: trimmed } : {}),
        });
      }}
    >
      {d !== null && (
        <Stack gap="sm">
          <Text size="sm">
            {kindLabels[d.withdrawal.kind]} withdrawal #{d.withdrawal.id} of <b>{d.withdrawal.username}</b> (#
            {d.withdrawal.user_id}): {formatMoney(d.withdrawal.amount)}, fee {formatMoney(d.withdrawal.fee)},
            net <b>{formatMoney(d.withdrawal.net)}</b>.
          </Text>
          {completing ? (
            <Alert color="teal" variant="light">
              Send {formatMoney(d.withdrawal.net)} on {d.withdrawal.currency} to{' '}
              <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{d.withdrawal.address}</span>,
              then mark it as paid. The fee is booked as revenue
              {d.withdrawal.kind === 'principal' ? ' and the member’s plan ends' : ''}.
            </Alert>
          ) : (
            <Text size="sm">
              The gross {formatMoney(d.withdrawal.amount)} goes back to{' '}
              {d.withdrawal.kind === 'principal'
                ? 'the member’s plan'
                : kindSources[d.withdrawal.kind].replace('your', 'the member’s')}
              .
            </Text>
          )}
          <Textarea
            label="Note (optional)"
            description={
              completing ? 'e.g. the payout transaction hash' : 'Why it is declined; the member sees it.'
            }
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
        </Stack>
      )}
    </ActionDialog>
  );
}

interface AdminWithdrawalsProps {
  /** The kinds this screen handles; a selector shows when there are several. */
  kinds: WithdrawalKind[];
}

/** Admin: withdrawal requests of the given kinds, pending first, with Complete and Decline. */
export function AdminWithdrawals({ kinds }: AdminWithdrawalsProps) {
  const list = useListState({ status: 'pending', kind: kinds[0] ?? 'working' }, 20);
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
        },
        key,
      ),
    onSuccess: (res) => {
      toast.success(res.message);
      invalidate();
    },
  });

  return (
    <Stack gap="sm">
      {kinds.length > 1 && (
        <SegmentedControl
          data={kinds.map((k) => ({ value: k, label: kindLabels[k] }))}
          value={list.filters.kind}
          onChange={(v) => list.setFilter('kind', v)}
          aria-label="Withdrawal kind"
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search withdrawals"
        searchPlaceholder="Search member or address"
        fetching={rows.isFetching && !rows.isPending}
        actions={
          <CsvButton path="/withdrawalrequest/list" query={qs} name={`withdrawals-${list.filters.kind}`} />
        }
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
      {rows.isError && (
        <LoadError
          title="Withdrawals could not be loaded"
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
            emptyText={
              list.filters.status === 'pending' ? 'No requests wait for a decision.' : 'No requests match.'
            }
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={['request', 'requests']}
            label="Withdrawal pages"
          />
        </>
      )}
      <DecisionDialog
        key={decide.payload === null ? 0 : `${decide.payload.withdrawal.id}:${decide.payload.status}`}
        action={decide}
      />
    </Stack>
  );
}
