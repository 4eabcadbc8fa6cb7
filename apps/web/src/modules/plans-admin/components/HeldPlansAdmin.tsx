import { Button, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
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
import { PLANS_ADMIN_NS } from '../i18n';

interface Ending {
  plan: HeldPlan;
  reason: string;
}

function EndPlanDialog({ action }: { action: ConfirmedAction<Ending> }) {
  const { t } = useT(PLANS_ADMIN_NS);
  const [reason, setReason] = useState('');
  const plan = action.payload?.plan;
  const short = reason.trim().length < 3;
  return (
    <ActionDialog
      action={action}
      title={t('held.endPlan')}
      confirmLabel={t('held.endPlan')}
      color="red"
      confirmDisabled={short}
      onConfirm={() => {
        if (action.payload !== null && !short) action.confirm({ ...action.payload, reason: reason.trim() });
      }}
    >
      {plan !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            <RichText
              text={t('held.endText', { plan: plan.plan_name, id: plan.user_id })}
              components={{ user: <b>{plan.username}</b>, amount: <b>{formatMoney(plan.amount)}</b> }}
            />
          </Text>
          <Textarea
            label={t('held.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={reason !== '' && short ? t('held.short') : null}
            data-autofocus
          />
        </Stack>
      )}
    </ActionDialog>
  );
}

/** Admin: the plans members hold, filtered, exported, and ended with a reason. */
export function HeldPlansAdmin() {
  const { t } = useT(PLANS_ADMIN_NS);
  const list = useListState({ status: 'active' }, 20);
  const qs = listQuery(list.params);
  const rows = useHeldPlans(qs);
  const invalidate = useInvalidateMoney();
  const end = useConfirmedAction({
    run: (e: Ending, key) => endPlan(e.plan.id, e.reason, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });
  return (
    <Stack gap="sm">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('held.search')}
        searchPlaceholder={t('held.searchPlaceholder')}
        fetching={rows.isFetching && !rows.isPending}
        actions={<CsvButton path="/actplan/list" query={qs} name="held-plans" />}
      >
        <Select
          aria-label={t('held.status')}
          data={[
            { value: '', label: t('held.all') },
            { value: 'active', label: t('held.active') },
            { value: 'ended', label: t('held.ended') },
          ]}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title={t('held.loadError')}
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
            emptyText={t('held.empty')}
            actions={(p) =>
              p.status === 'active' ? (
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  onClick={() => end.open({ plan: p, reason: '' })}
                  aria-label={t('held.endPlanId', { id: p.id })}
                >
                  {t('held.endPlan')}
                </Button>
              ) : null
            }
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={[t('held.plan'), t('held.plans')]}
            label={t('held.pages')}
          />
        </>
      )}
      <EndPlanDialog key={end.payload?.plan.id ?? 0} action={end} />
    </Stack>
  );
}
