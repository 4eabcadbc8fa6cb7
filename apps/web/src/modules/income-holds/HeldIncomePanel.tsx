import { Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import type { IncomeHoldRecord, IncomeHoldsQuery } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { type Column, DataTable } from '../../ui/DataTable';
import { formatDate, formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { formatMoney, Money } from '../../ui/Money';
import { ReasonDialog, type ReasonRequest } from '../../ui/ReasonDialog';
import { RowActions } from '../../ui/RowActions';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useConfirmedAction } from '../../ui/useConfirmedAction';
import { sourceLabel } from '../transactions/components/explain';
import { useInvalidateMoney } from '../wallet/api/walletApi';
import { decideIncomeHold, useIncomeHolds } from './api';
import { HELD_INCOME_NS } from './i18n';

type Status = IncomeHoldsQuery['status'];
type Decision = { hold: IncomeHoldRecord; action: 'release' | 'reverse' };

/**
 * Compliance: income held before it is paid (decision 0076). Held for its period, the daily job pays it on its
 * date; held for review (a flagged member), compliance releases it or reverses it with a reason.
 */
export function HeldIncomePanel() {
  const { t } = useT(HELD_INCOME_NS);
  const [status, setStatus] = useState<Status>('flagged');
  const holds = useIncomeHolds(status);
  const invalidate = useInvalidateMoney();
  const decide = useConfirmedAction({
    run: (r: ReasonRequest<Decision>, key) =>
      decideIncomeHold(r.subject.hold.id, r.subject.action, r.reason, key),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      invalidate();
    },
  });
  const ask = (hold: IncomeHoldRecord, action: 'release' | 'reverse') => {
    const vars = { id: hold.id, member: hold.username, amount: formatMoney(hold.amount) };
    decide.open({
      subject: { hold, action },
      title: action === 'release' ? t('holds.releaseTitle') : t('holds.reverseTitle'),
      text: action === 'release' ? t('holds.releaseText', vars) : t('holds.reverseText', vars),
      confirmLabel: action === 'release' ? t('holds.release') : t('holds.reverse'),
      tone: action === 'release' ? 'go' : 'stop',
      reason: '',
    });
  };

  const columns: Column<IncomeHoldRecord>[] = [
    { key: 'id', header: '#', render: (h) => h.id, nowrap: true },
    {
      key: 'member',
      header: t('holds.member'),
      render: (h) => (
        <Stack gap={2}>
          <Text size="sm">
            {h.username} (#{h.member_id})
          </Text>
          {h.flagged && (
            <Badge color="red" variant="light" size="xs">
              {t('holds.flagged')}
            </Badge>
          )}
        </Stack>
      ),
    },
    { key: 'amount', header: t('holds.amount'), render: (h) => <Money value={h.amount} />, nowrap: true },
    { key: 'type', header: t('holds.type'), render: (h) => sourceLabel(h.income_type), priority: 2 },
    {
      key: 'release',
      header: t('holds.releaseAt'),
      render: (h) =>
        h.state !== 'held' ? (
          <Stack gap={2}>
            <Badge variant="light" color={h.state === 'reversed' ? 'red' : 'teal'} size="sm">
              {t(`holds.state.${h.state}`)}
            </Badge>
            {h.decision_reason !== null && <Text size="xs">{h.decision_reason}</Text>}
          </Stack>
        ) : h.release_at === null ? (
          <Badge color="orange" variant="light" size="sm">
            {t('holds.review')}
          </Badge>
        ) : (
          formatDate(h.release_at)
        ),
    },
    { key: 'earned', header: t('holds.earned'), render: (h) => formatDateTime(h.earned_at), priority: 3 },
    {
      key: 'actions',
      header: t('holds.decide'),
      stickyEnd: true,
      writeArea: 'compliance',
      render: (h) =>
        h.state === 'held' ? (
          <RowActions
            area="compliance"
            actions={[
              ...(h.release_at === null || h.flagged
                ? [
                    {
                      label: t('holds.release'),
                      ariaLabel: t('holds.releaseLabel', { id: h.id }),
                      tone: 'go' as const,
                      onClick: () => ask(h, 'release'),
                    },
                  ]
                : []),
              {
                label: t('holds.reverse'),
                ariaLabel: t('holds.reverseLabel', { id: h.id }),
                tone: 'stop' as const,
                onClick: () => ask(h, 'reverse'),
              },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <SectionCard
      title={t('holds.title')}
      testId="held-income"
      description={t('holds.description')}
      actions={
        holds.data && (
          <Badge color="orange" variant="light">
            {t('holds.counts', { held: holds.data.held_count, flagged: holds.data.flagged_count })}
          </Badge>
        )
      }
    >
      <Stack gap="sm">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as Status)}
          data={(['flagged', 'held', 'released', 'reversed', 'all'] as const).map((s) => ({
            value: s,
            label: t(`holds.filter.${s}`),
          }))}
        />
        {holds.isError && (
          <LoadError
            title={t('holds.loadError')}
            error={holds.error}
            onRetry={() => void holds.refetch()}
            loadedAt={holds.dataUpdatedAt}
          />
        )}
        <Spinner loading={holds.isPending} />
        {holds.data && holds.data.holds.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('holds.none')}
          </Text>
        )}
        {holds.data && holds.data.holds.length > 0 && (
          <DataTable
            rows={holds.data.holds}
            columns={columns}
            rowKey={(h) => h.id}
            rowLabel={(h) => t('holds.rowLabel', { id: h.id })}
            caption={t('holds.caption')}
          />
        )}
      </Stack>
      <ReasonDialog action={decide} />
    </SectionCard>
  );
}
