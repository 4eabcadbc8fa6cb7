import { Button, Select, Stack, Text, Textarea } from '@mantine/core';
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
import { type HeldPlan, HeldPlansTable } from '../../plans/components/HeldPlansTable';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { endPlan, useHeldPlans } from '../api/plansAdminApi';

interface Ending {
  plan: HeldPlan;
  reason: string;
}

function EndPlanDialog({ action }: { action: ConfirmedAction<Ending> }) {
  const [reason, setReason] = useState('');
  const plan = action.payload?.plan;
  const short = reason.trim().length < 3;
  return (
    <ActionDialog
      action={action}
      title="End plan"
      confirmLabel="End plan"
      color="red"
      confirmDisabled={short}
      onConfirm={() => {
        if (action.payload !== null && !short) action.confirm({ ...action.payload, reason: reason.trim() });
      }}
    >
      {plan !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            End the {plan.plan_name} plan of <b>{plan.username}</b> (#{plan.user_id})? Its principal of{' '}
            <b>{formatMoney(plan.amount)}</b> goes back to the member’s Business Balance, and daily ROI stops.
          </Text>
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={reason !== '' && short ? 'At least 3 characters.' : null}
            data-autofocus
          />
        </Stack>
      )}
    </ActionDialog>
  );
}

/** Admin: the plans members hold, filtered, exported, and ended with a reason. */
export function HeldPlansAdmin() {
  const list = useListState({ status: 'active' }, 20);
  const qs = listQuery(list.params);
  const rows = useHeldPlans(qs);
  const invalidate = useInvalidateMoney();
  const end = useConfirmedAction({
    run: (e: Ending, key) => endPlan(e.plan.id, e.reason, key),
    onSuccess: (res) => {
      toast.success(res.message);
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search held plans"
        searchPlaceholder="Search member or plan"
        fetching={rows.isFetching && !rows.isPending}
        actions={<CsvButton path="/actplan/list" query={qs} name="held-plans" />}
      >
        <Select
          aria-label="Status"
          data={[
            { value: '', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'ended', label: 'Ended' },
          ]}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title="Held plans could not be loaded"
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <>
          <HeldPlansTable
            rows={rows.data.activeplans}
            showMember
            emptyText="No plans match."
            actions={(p) =>
              p.status === 'active' ? (
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  onClick={() => end.open({ plan: p, reason: '' })}
                  aria-label={`End plan ${p.id}`}
                >
                  End plan
                </Button>
              ) : null
            }
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={['plan', 'plans']}
            label="Held plan pages"
          />
        </>
      )}
      <EndPlanDialog key={end.payload?.plan.id ?? 0} action={end} />
    </Stack>
  );
}
