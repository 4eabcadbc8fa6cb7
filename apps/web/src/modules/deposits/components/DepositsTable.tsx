import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
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
import { profilePath } from '../../users/profilePath';
import { depositNetwork } from '../depositText';
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
  const hasActions = onCancel !== undefined || onDecide !== undefined;
  const columns: ResponsiveColumn<DepositRecord>[] = [
    { key: 'id', header: 'No.', nowrap: true, hideOnPhone: true, render: (d) => `#${d.id}` },
    ...(showMember
      ? [
          {
            key: 'member',
            header: 'Member',
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
      header: 'Amount',
      nowrap: true,
      hideOnPhone: true,
      render: (d) => <Money value={d.amount} fw={600} />,
    },
    {
      key: 'credited',
      header: 'Credited',
      nowrap: true,
      priority: 3,
      render: (d) => (d.credited_amount === null ? '-' : <Money value={d.credited_amount} c="teal" />),
    },
    { key: 'currency', header: 'Network', nowrap: true, priority: 2, render: (d) => depositNetwork(d) },
    {
      key: 'status',
      header: 'Status',
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
      header: 'Chain check',
      wide: true,
      priority: 2,
      render: (d) => <ChainCheck deposit={d} admin={showMember} />,
    },
    {
      key: 'hash',
      header: 'Transaction hash',
      wide: true,
      priority: 3,
      render: (d) => <DepositHash deposit={d} />,
    },
    { key: 'from', header: 'From', nowrap: true, priority: 4, render: (d) => <FromAddress deposit={d} /> },
    {
      key: 'requested',
      header: 'Requested',
      nowrap: true,
      priority: 2,
      render: (d) => formatDateTime(d.created_at),
    },
    {
      key: 'decided',
      header: 'Decided',
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
                by {d.verified_by}
              </Text>
            )}
          </span>
        ),
    },
    { key: 'note', header: 'Note', wide: true, priority: 4, render: (d) => orDash(d.note) },
    ...(hasActions
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            stickyEnd: true,
            render: (d: DepositRecord) =>
              d.status !== 'pending' || (onDecide === undefined && !canCancel(d)) ? null : awaiting !==
                  undefined && isAwaiting(d) ? (
                <AwaitingAction row={d} awaiting={awaiting} label={`Approve the credit of deposit ${d.id}`} />
              ) : (
                <RowActions
                  actions={[
                    onDecide !== undefined && {
                      label: 'Approve',
                      ariaLabel: `Approve deposit ${d.id}`,
                      tone: 'go',
                      onClick: () => onDecide(d, 'complete'),
                    },
                    onDecide !== undefined && {
                      label: 'Decline',
                      ariaLabel: `Decline deposit ${d.id}`,
                      tone: 'stop',
                      onClick: () => onDecide(d, 'decline'),
                    },
                    onCancel !== undefined &&
                      canCancel(d) && {
                        label: 'Cancel',
                        ariaLabel: `Cancel deposit ${d.id}`,
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
      emptyText={emptyText ?? 'No deposits yet.'}
      rowLabel={(d) => `deposit ${d.id}`}
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
