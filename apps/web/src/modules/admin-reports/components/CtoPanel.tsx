import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { profilePath } from '../../users/profilePath';
import {
  disqualifyCto,
  payCto,
  reportKeys,
  useCtoPayout,
  useCtoPayouts,
  useCtoQualified,
} from '../api/reportsApi';
import { ADMIN_REPORTS_NS } from '../i18n';
import { endedMonths, monthOptions, previousMonth } from './months';

interface Removal {
  userId: number;
  /** The member as "Name · username". */
  label: string;
  reason: string;
}

/** CTO pool: members qualified now (with Remove), Pay a month (confirmed), payouts and their shares. */
export function CtoPanel() {
  const { t } = useT(ADMIN_REPORTS_NS);
  const qualified = useCtoQualified();
  const payouts = useCtoPayouts();
  const queryClient = useQueryClient();
  const [payMonth, setPayMonth] = useState(previousMonth());
  const [openPayout, setOpenPayout] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const mayWrite = useStaffMay('money');
  const payout = useCtoPayout(openPayout);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reportKeys.ctoQualified });
    void queryClient.invalidateQueries({ queryKey: reportKeys.ctoPayouts });
  };
  const pay = useConfirmedAction({
    run: (month: string, key) => payCto(month, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useConfirmedAction({
    run: (r: Removal, key) => disqualifyCto(r.userId, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const count = qualified.data?.qualified.length;
  const paidMonths = new Set(payouts.data?.payouts.map((p) => p.month) ?? []);
  const qualifiedMembers =
    count === undefined
      ? t('cto.membersUnknown')
      : t(count === 1 ? 'cto.membersOne' : 'cto.membersMany', { n: count });

  return (
    <Stack gap="md">
      {mayWrite && (
        <SectionCard title={t('cto.payTitle')} testId="cto-pay" description={t('cto.payDescription')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('col.monthToPay')}
              data={monthOptions(endedMonths())}
              value={payMonth}
              onChange={(v) => setPayMonth(v ?? payMonth)}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            <Button leftSection={<IconCash size={16} />} onClick={() => pay.open(payMonth)}>
              {t('cto.pay')}
            </Button>
          </Group>
          {paidMonths.has(payMonth) && (
            <Text size="sm" c="orange" mt="xs">
              {t('cto.alreadyPaid', { month: payMonth })}
            </Text>
          )}
        </SectionCard>
      )}

      <SectionCard
        title={t('cto.qualifiedTitle')}
        testId="cto-qualified"
        description={t('cto.qualifiedDescription')}
      >
        {qualified.isError && (
          <LoadError
            title={t('cto.qualifiedError')}
            error={qualified.error}
            onRetry={() => void qualified.refetch()}
            loadedAt={qualified.dataUpdatedAt}
          />
        )}
        <Spinner loading={qualified.isPending} label={t('cto.loadingQualified')} />
        {qualified.data !== undefined && (
          <DataTable
            rows={qualified.data.qualified}
            rowKey={(q) => q.user_id}
            minWidth={520}
            emptyText={t('cto.qualifiedEmpty')}
            columns={[
              {
                key: 'member',
                header: t('col.member'),
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
                header: t('cto.ownPlan'),
                priority: 2,
                render: (q) => <Money value={q.active_plan} />,
                nowrap: true,
              },
              {
                key: 'directs',
                header: t('cto.directsPlans'),
                priority: 3,
                render: (q) => <Money value={q.directs_business} />,
                nowrap: true,
              },
              {
                key: 'actions',
                writeArea: 'money',
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
                    {t('cto.remove')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </SectionCard>

      <SectionCard title={t('cto.payoutsTitle')} testId="cto-payouts">
        {payouts.isError && (
          <LoadError
            title={t('cto.payoutsError')}
            error={payouts.error}
            onRetry={() => void payouts.refetch()}
            loadedAt={payouts.dataUpdatedAt}
          />
        )}
        <Spinner loading={payouts.isPending} label={t('cto.loadingPayouts')} />
        {payouts.data !== undefined && (
          <DataTable
            rows={payouts.data.payouts}
            rowKey={(p) => p.id}
            minWidth={640}
            emptyText={t('cto.payoutsEmpty')}
            columns={[
              { key: 'month', header: t('col.month'), render: (p) => p.month, nowrap: true },
              {
                key: 'turnover',
                header: t('cto.topups'),
                priority: 3,
                render: (p) => <Money value={p.turnover} />,
                nowrap: true,
              },
              {
                key: 'pool',
                header: t('cto.pool'),
                priority: 2,
                render: (p) => <Money value={p.pool} />,
                nowrap: true,
              },
              { key: 'members', header: t('col.members'), priority: 3, render: (p) => p.members },
              {
                key: 'share',
                header: t('cto.share'),
                render: (p) => <Money value={p.share} />,
                nowrap: true,
              },
              {
                key: 'at',
                header: t('col.paidAt'),
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
                    {t('cto.shares')}
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
        title={
          payout.data
            ? t('cto.sharesTitle', { month: payout.data.payout.month })
            : t('cto.sharesTitleLoading')
        }
        centered
        size="lg"
      >
        {payout.isError && (
          <LoadError
            title={t('cto.sharesError')}
            error={payout.error}
            onRetry={() => void payout.refetch()}
          />
        )}
        <Spinner loading={payout.isPending && payout.fetchStatus !== 'idle'} label={t('cto.loadingShares')} />
        {payout.data !== undefined && (
          <DataTable
            rows={payout.data.shares}
            rowKey={(s) => s.user_id}
            minWidth={320}
            emptyText={t('cto.sharesEmpty')}
            columns={[
              {
                key: 'member',
                header: t('col.member'),
                render: (s) => (
                  <MemberName
                    name={s.fullname}
                    username={s.username}
                    id={s.user_id}
                    to={profilePath(s.user_id)}
                  />
                ),
              },
              {
                key: 'amount',
                header: t('col.paid'),
                render: (s) => <Money value={s.amount} />,
                nowrap: true,
              },
            ]}
          />
        )}
      </Modal>

      <ActionDialog
        action={pay}
        title={t('cto.payTitle')}
        confirmLabel={t('cto.payConfirmLabel', { month: pay.payload ?? '' })}
      >
        <Text>
          <RichText
            text={t('cto.payConfirm', { members: qualifiedMembers })}
            components={{ month: <b data-testid="cto-pay-month">{pay.payload}</b> }}
          />
        </Text>
      </ActionDialog>

      <ActionDialog
        action={remove}
        title={t('cto.removeTitle')}
        confirmLabel={t('cto.remove')}
        color="red"
        confirmDisabled={reason.trim().length < 3}
        onConfirm={() => remove.payload && remove.confirm({ ...remove.payload, reason: reason.trim() })}
      >
        <Text>
          <RichText text={t('cto.removeConfirm')} components={{ member: <b>{remove.payload?.label}</b> }} />
        </Text>
        <Textarea
          label={t('cto.reason')}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={reason !== '' && reason.trim().length < 3 ? t('cto.reasonShort') : undefined}
        />
      </ActionDialog>
    </Stack>
  );
}
