import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/apiError';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { profilePath } from '../../users/profilePath';
import {
  disqualifyCto,
  payCto,
  reportKeys,
  useCtoPayout,
  useCtoPayouts,
  useCtoQualified,
} from '../api/reportsApi';
import { endedMonths, monthOptions, previousMonth } from './months';

interface Removal {
  userId: number;
  /** The member as "Name · username". */
  label: string;
  reason: string;
}

/** CTO pool: members qualified now (with Remove), Pay a month (confirmed), payouts and their shares. */
export function CtoPanel() {
  const qualified = useCtoQualified();
  const payouts = useCtoPayouts();
  const queryClient = useQueryClient();
  const [payMonth, setPayMonth] = useState(previousMonth());
  const [openPayout, setOpenPayout] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const payout = useCtoPayout(openPayout);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reportKeys.ctoQualified });
    void queryClient.invalidateQueries({ queryKey: reportKeys.ctoPayouts });
  };
  const pay = useConfirmedAction({
    run: (month: string, key) => payCto(month, key),
    onSuccess: (res) => {
      toast.success(res.message);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useConfirmedAction({
    run: (r: Removal, key) => disqualifyCto(r.userId, r.reason, key),
    onSuccess: (res) => {
      toast.success(res.message);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const count = qualified.data?.qualified.length;
  const paidMonths = new Set(payouts.data?.payouts.map((p) => p.month) ?? []);

  return (
    <Stack gap="md">
      <SectionCard
        title="Pay the CTO pool"
        testId="cto-pay"
        description="1% of the month's top-ups, split equally among the members qualified at payment. Once per month."
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Month to pay"
            data={monthOptions(endedMonths())}
            value={payMonth}
            onChange={(v) => setPayMonth(v ?? payMonth)}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Button leftSection={<IconCash size={16} />} onClick={() => pay.open(payMonth)}>
            Pay CTO
          </Button>
        </Group>
        {paidMonths.has(payMonth) && (
          <Text size="sm" c="orange" mt="xs">
            The pool of {payMonth} was already paid.
          </Text>
        )}
      </SectionCard>

      <SectionCard
        title="Qualified now"
        testId="cto-qualified"
        description="Own plan and directs' plans meet the CTO minimums."
      >
        {qualified.isError && (
          <LoadError
            title="Failed to load the qualified members"
            error={qualified.error}
            onRetry={() => void qualified.refetch()}
            loadedAt={qualified.dataUpdatedAt}
          />
        )}
        <Spinner loading={qualified.isPending} label="Loading qualified members" />
        {qualified.data !== undefined && (
          <DataTable
            rows={qualified.data.qualified}
            rowKey={(q) => q.user_id}
            minWidth={520}
            emptyText="No member qualifies for the CTO pool now."
            columns={[
              {
                key: 'member',
                header: 'Member',
                render: (q) => (
                  <MemberName
                    name={q.fullname}
                    username={q.username}
                    id={q.user_id}
                    to={profilePath(q.user_id)}
                  />
                ),
              },
              {
                key: 'plan',
                header: 'Own plan',
                priority: 2,
                render: (q) => <Money value={q.active_plan} />,
                nowrap: true,
              },
              {
                key: 'directs',
                header: "Directs' plans",
                priority: 3,
                render: (q) => <Money value={q.directs_business} />,
                nowrap: true,
              },
              {
                key: 'actions',
                header: '',
                stickyEnd: true,
                render: (q) => (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      setReason('');
                      remove.open({ userId: q.user_id, label: memberLabel(q), reason: '' });
                    }}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        )}
      </SectionCard>

      <SectionCard title="Payouts" testId="cto-payouts">
        {payouts.isError && (
          <LoadError
            title="Failed to load the CTO payouts"
            error={payouts.error}
            onRetry={() => void payouts.refetch()}
            loadedAt={payouts.dataUpdatedAt}
          />
        )}
        <Spinner loading={payouts.isPending} label="Loading payouts" />
        {payouts.data !== undefined && (
          <DataTable
            rows={payouts.data.payouts}
            rowKey={(p) => p.id}
            minWidth={640}
            emptyText="No CTO pool has been paid yet."
            columns={[
              { key: 'month', header: 'Month', render: (p) => p.month, nowrap: true },
              {
                key: 'turnover',
                header: 'Top-ups',
                priority: 3,
                render: (p) => <Money value={p.turnover} />,
                nowrap: true,
              },
              {
                key: 'pool',
                header: 'Pool',
                priority: 2,
                render: (p) => <Money value={p.pool} />,
                nowrap: true,
              },
              { key: 'members', header: 'Members', priority: 3, render: (p) => p.members },
              { key: 'share', header: 'Share each', render: (p) => <Money value={p.share} />, nowrap: true },
              {
                key: 'at',
                header: 'Paid at',
                priority: 2,
                render: (p) => formatDateTime(p.created_at),
                nowrap: true,
              },
              {
                key: 'actions',
                header: '',
                stickyEnd: true,
                render: (p) => (
                  <Button size="xs" variant="default" onClick={() => setOpenPayout(p.id)}>
                    Shares
                  </Button>
                ),
              },
            ]}
          />
        )}
      </SectionCard>

      <Modal
        opened={openPayout !== null}
        onClose={() => setOpenPayout(null)}
        title={payout.data ? `CTO ${payout.data.payout.month}: shares` : 'CTO shares'}
        centered
        size="lg"
      >
        {payout.isError && (
          <LoadError
            title="Failed to load the shares"
            error={payout.error}
            onRetry={() => void payout.refetch()}
          />
        )}
        <Spinner loading={payout.isPending && payout.fetchStatus !== 'idle'} label="Loading shares" />
        {payout.data !== undefined && (
          <DataTable
            rows={payout.data.shares}
            rowKey={(s) => s.user_id}
            minWidth={320}
            emptyText="No shares."
            columns={[
              {
                key: 'member',
                header: 'Member',
                render: (s) => (
                  <MemberName
                    name={s.fullname}
                    username={s.username}
                    id={s.user_id}
                    to={profilePath(s.user_id)}
                  />
                ),
              },
              { key: 'amount', header: 'Paid', render: (s) => <Money value={s.amount} />, nowrap: true },
            ]}
          />
        )}
      </Modal>

      <ActionDialog action={pay} title="Pay the CTO pool" confirmLabel={`Pay ${pay.payload ?? ''}`}>
        <Text>
          Pay the CTO pool of <b data-testid="cto-pay-month">{pay.payload}</b> now? It is split equally among
          the {count === undefined ? 'members' : `${count} member${count === 1 ? '' : 's'}`} qualified now,
          and a month is paid only once.
        </Text>
      </ActionDialog>

      <ActionDialog
        action={remove}
        title="Remove from the CTO pool"
        confirmLabel="Remove"
        color="red"
        confirmDisabled={reason.trim().length < 3}
        onConfirm={() => remove.payload && remove.confirm({ ...remove.payload, reason: reason.trim() })}
      >
        <Text>
          Remove <b>{remove.payload?.label}</b> from the CTO pool? They are no longer paid a share.
        </Text>
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={reason !== '' && reason.trim().length < 3 ? 'Say why (3 characters or more).' : undefined}
        />
      </ActionDialog>
    </Stack>
  );
}
