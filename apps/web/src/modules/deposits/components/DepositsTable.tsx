import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RequestStatusBadge } from '../../../ui/RequestStatusBadge';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { RowActions } from '../../../ui/RowActions';
import {
  AwaitingAction,
  type AwaitingApproval,
  AwaitingNote,
  isAwaiting,
} from '../../approvals/components/AwaitingApproval';
import { RecordAuditLink } from '../../audit/components/AuditLink';
import { profilePath } from '../../users/profilePath';
import { depositNetwork } from '../depositText';
import { DEPOSITS_NS } from '../i18n';
import { ChainCheck, canCancel, DepositHash, FromAddress } from './ChainCheck';
import { OwnershipBadges } from './DepositOwnership';

interface DepositsTableProps {
  rows: readonly DepositRecord[];
  /** Admin view: the member column. */
  showMember?: boolean;
  /** Member: cancel a pending deposit. */
  onCancel?: (d: DepositRecord) => void;
  /** Admin: approve or decline a pending deposit. */
  onDecide?: (d: DepositRecord, status: 'complete' | 'decline') => void;
  /** Admin: credits kept for a second admin (decision 0024). */
  awaiting?: AwaitingApproval<DepositRecord>;
  emptyText?: string;
}

export function DepositsTable({
  rows,
  showMember = false,
  onCancel,
  onDecide,
  awaiting,
  emptyText,
}: DepositsTableProps) {
  const { t } = useT(DEPOSITS_NS);
  const hasActions = onCancel !== undefined || onDecide !== undefined;
  const columns: ResponsiveColumn<DepositRecord>[] = [
    {
      key: 'id',
      header: t('table.number'),
      nowrap: true,
      hideOnPhone: true,
      render: (d) => <RecordAuditLink entity="deposit" id={d.id} />,
    },
    ...(showMember
      ? [
          {
            key: 'member',
            header: t('table.member'),
            hideOnPhone: true,
            render: (d: DepositRecord) => (
              <MemberName
                name={d.fullname}
                username={d.username}
                id={d.user_id}
                to={profilePath(d.user_id)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'amount',
      header: t('table.amount'),
      nowrap: true,
      hideOnPhone: true,
      render: (d) => <Money value={d.amount} fw={600} />,
    },
    {
      key: 'credited',
      header: t('table.credited'),
      nowrap: true,
      priority: 3,
      render: (d) => (d.credited_amount === null ? '-' : <Money value={d.credited_amount} c="teal" />),
    },
    {
      key: 'currency',
      header: t('table.network'),
      nowrap: true,
      priority: 2,
      render: (d) => depositNetwork(d),
    },
    {
      key: 'status',
      header: t('table.status'),
      nowrap: true,
      hideOnPhone: true,
      render: (d) => (
        <Stack gap={4} align="flex-start">
          <RequestStatusBadge status={d.status} />
          {/* Admins: who the chain says sent it, when that is not this member, and other reports (decision 0027). */}
          {showMember && d.status === 'pending' && <OwnershipBadges deposit={d} />}
          {awaiting !== undefined && isAwaiting(d) && (
            <AwaitingNote row={d} awaiting={awaiting} testId={`deposit-${d.id}-awaiting`} />
          )}
        </Stack>
      ),
    },
    {
      key: 'check',
      header: t('table.check'),
      wide: true,
      priority: 2,
      render: (d) => <ChainCheck deposit={d} admin={showMember} />,
    },
    {
      key: 'hash',
      header: t('table.hash'),
      wide: true,
      priority: 3,
      render: (d) => <DepositHash deposit={d} />,
    },
    {
      key: 'from',
      header: t('table.from'),
      nowrap: true,
      priority: 4,
      render: (d) => <FromAddress deposit={d} />,
    },
    {
      key: 'requested',
      header: t('table.requested'),
      nowrap: true,
      priority: 2,
      render: (d) => formatDateTime(d.created_at),
    },
    {
      key: 'decided',
      header: t('table.decided'),
      nowrap: true,
      priority: 4,
      render: (d) =>
        d.decided_at === null ? (
          '-'
        ) : (
          <span>
            {formatDateTime(d.decided_at)}
            {d.verified_by !== null && (
              <Text span size="xs" c="dimmed">
                {' '}
                {t('table.by', { name: d.verified_by })}
              </Text>
            )}
          </span>
        ),
    },
    { key: 'note', header: t('table.note'), wide: true, priority: 4, render: (d) => orDash(d.note) },
    ...(hasActions
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
            stickyEnd: true,
            render: (d: DepositRecord) =>
              d.status !== 'pending' || (onDecide === undefined && !canCancel(d)) ? null : awaiting !==
                  undefined && isAwaiting(d) ? (
                <AwaitingAction row={d} awaiting={awaiting} label={t('table.awaitingLabel', { id: d.id })} />
              ) : (
                <RowActions
                  actions={[
                    onDecide !== undefined && {
                      label: t('table.approve'),
                      ariaLabel: t('table.approveLabel', { id: d.id }),
                      tone: 'go',
                      onClick: () => onDecide(d, 'complete'),
                    },
                    onDecide !== undefined && {
                      label: t('table.decline'),
                      ariaLabel: t('table.declineLabel', { id: d.id }),
                      tone: 'stop',
                      onClick: () => onDecide(d, 'decline'),
                    },
                    onCancel !== undefined &&
                      canCancel(d) && {
                        label: t('table.cancel'),
                        ariaLabel: t('table.cancelLabel', { id: d.id }),
                        tone: 'stop',
                        onClick: () => onCancel(d),
                      },
                  ]}
                />
              ),
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(d) => d.id}
      emptyText={emptyText ?? t('table.empty')}
      rowLabel={(d) => t('table.rowLabel', { id: d.id })}
      heading={(d) => (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            #{d.id} · <Money value={d.amount} inherit />
            {showMember ? ` · ${memberLabel(d)}` : ''}
          </Text>
          <RequestStatusBadge status={d.status} />
        </Group>
      )}
    />
  );
}
