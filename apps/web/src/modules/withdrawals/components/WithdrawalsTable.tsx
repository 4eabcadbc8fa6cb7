import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { networkName } from '@sgx/chain/names';
import type { WithdrawalRecord } from '@sgx/contracts';
import { CopyText } from '../../../ui/CopyText';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
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
import { WithdrawalPayoutStatus } from '../../chain-payouts/components/PayoutStatus';
import { profilePath } from '../../users/profilePath';
import { kindLabels } from '../api/withdrawalsApi';

/**
 * What went out: the net in green once paid; for a pending request what will be paid; for a declined or
 * cancelled one (both are 'decline', the note says who cancelled) nothing, since the gross went back.
 */
/** A pending request whose payout no batch holds yet (or which has none) may still be decided or cancelled. */
const actionable = (w: WithdrawalRecord) =>
  w.status === 'pending' && (w.payout === null || w.payout.status === 'approved');

export function NetPaid({ w, admin }: { w: WithdrawalRecord; admin: boolean }) {
  if (w.status === 'complete') return <Money value={w.net} fw={600} c="teal" />;
  if (w.status === 'pending') {
    return (
      <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <Money value={w.net} /> when {w.payout === null ? 'approved' : 'paid'}
      </Text>
    );
  }
  const cancelled = (w.note ?? '').toLowerCase().startsWith('cancelled');
  return (
    <Text size="sm" c="dimmed" maw={220} data-testid={`withdrawal-${w.id}-nothing-paid`}>
      {cancelled ? 'Cancelled' : 'Declined'}: nothing paid, the amount went back to{' '}
      {admin ? "the member's" : 'your'} wallet
    </Text>
  );
}

/** The status; for admins a flag from the risk signals and a completion that waits for a second admin. */
function WithdrawalStatus({
  w,
  admin,
  awaiting,
}: {
  w: WithdrawalRecord;
  admin: boolean;
  awaiting?: AwaitingApproval<WithdrawalRecord>;
}) {
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="nowrap">
        {/* Paid on chain (issue 21): the payout's own status (approved, sending, paid, failed) says it. */}
        {w.payout === null ? (
          <RequestStatusBadge
            status={w.status}
            label={!admin && w.status === 'pending' ? 'requested' : undefined}
          />
        ) : (
          <WithdrawalPayoutStatus id={w.id} payout={w.payout} />
        )}
        {admin && w.flagged && (
          <Badge
            color="orange"
            variant="light"
            size="sm"
            style={{ minWidth: 'max-content' }}
            data-testid={`withdrawal-${w.id}-flagged`}
          >
            Flagged
          </Badge>
        )}
      </Group>
      {awaiting !== undefined && isAwaiting(w) && (
        <AwaitingNote row={w} awaiting={awaiting} testId={`withdrawal-${w.id}-awaiting`} />
      )}
    </Stack>
  );
}

interface WithdrawalsTableProps {
  rows: readonly WithdrawalRecord[];
  showMember?: boolean;
  onCancel?: (w: WithdrawalRecord) => void;
  onDecide?: (w: WithdrawalRecord, status: 'complete' | 'decline') => void;
  awaiting?: AwaitingApproval<WithdrawalRecord>;
  emptyText?: string;
}

export function WithdrawalsTable({
  rows,
  showMember = false,
  onCancel,
  onDecide,
  awaiting,
  emptyText,
}: WithdrawalsTableProps) {
  const hasActions = onCancel !== undefined || onDecide !== undefined;
  const columns: ResponsiveColumn<WithdrawalRecord>[] = [
    { key: 'id', header: 'No.', nowrap: true, render: (w) => `#${w.id}` },
    ...(showMember
      ? [
          {
            key: 'member',
            header: 'Member',
            render: (w: WithdrawalRecord) => (
              <MemberName
                name={w.fullname}
                username={w.username}
                id={w.user_id}
                to={profilePath(w.user_id)}
              />
            ),
          },
        ]
      : []),
    { key: 'kind', header: 'Kind', nowrap: true, priority: 3, render: (w) => kindLabels[w.kind] },
    { key: 'amount', header: 'Amount', nowrap: true, render: (w) => <Money value={w.amount} fw={600} /> },
    {
      key: 'fee',
      header: 'Fee',
      nowrap: true,
      priority: 3,
      render: (w) => <Money value={w.fee} c="dimmed" />,
    },
    {
      key: 'net',
      header: 'Net paid',
      render: (w) => <NetPaid w={w} admin={showMember} />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (w) => <WithdrawalStatus w={w} admin={showMember} awaiting={awaiting} />,
    },
    {
      key: 'address',
      header: 'Payout address',
      wide: true,
      priority: 3,
      render: (w) => (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {networkName(w.currency, w.payout?.chain_id)}
          </Text>
          <CopyText value={w.address} label={`payout address of withdrawal ${w.id}`} short />
        </Stack>
      ),
    },
    {
      key: 'requested',
      header: 'Requested',
      nowrap: true,
      priority: 2,
      render: (w) => formatDateTime(w.created_at),
    },
    {
      key: 'decided',
      header: 'Decided',
      nowrap: true,
      priority: 4,
      render: (w) => formatDateTime(w.decided_at),
    },
    { key: 'note', header: 'Note', wide: true, priority: 4, render: (w) => orDash(w.note) },
    ...(hasActions
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            stickyEnd: true,
            render: (w: WithdrawalRecord) =>
              !actionable(w) ? null : awaiting !== undefined && isAwaiting(w) ? (
                <AwaitingAction row={w} awaiting={awaiting} label={`Approve withdrawal ${w.id}`} />
              ) : (
                <RowActions
                  actions={[
                    onDecide !== undefined &&
                      w.payout === null && {
                        label: 'Complete',
                        ariaLabel: `Complete withdrawal ${w.id}`,
                        tone: 'go',
                        onClick: () => onDecide(w, 'complete'),
                      },
                    onDecide !== undefined && {
                      label: 'Decline',
                      ariaLabel: `Decline withdrawal ${w.id}`,
                      tone: 'stop',
                      onClick: () => onDecide(w, 'decline'),
                    },
                    onCancel !== undefined && {
                      label: 'Cancel',
                      ariaLabel: `Cancel withdrawal ${w.id}`,
                      tone: 'stop',
                      onClick: () => onCancel(w),
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
      rowKey={(w) => w.id}
      emptyText={emptyText ?? 'No withdrawal requests yet.'}
      rowLabel={(w) => `withdrawal ${w.id}`}
    />
  );
}
