import { Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ApprovalRecord, ApprovalStatus } from '@sgx/contracts';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { profilePath } from '../../users/profilePath';
import { approvalStatusLabels } from '../api/approvalsApi';
import { type ApprovalDecision, approvalKindLabels, approvalRole } from '../approvalView';
import { ApprovalChanges } from './ApprovalChanges';

const statusColors: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

interface ApprovalsTableProps {
  rows: readonly ApprovalRecord[];
  /** The signed-in admin: the one who asked may only cancel. */
  adminId: number;
  onDecide: (approval: ApprovalRecord, decision: ApprovalDecision) => void;
  emptyText: string;
}

/** Admin actions kept for a second admin: what, how much, whom, who asked, what changes; approve or reject. */
export function ApprovalsTable({ rows, adminId, onDecide, emptyText }: ApprovalsTableProps) {
  const columns: Column<ApprovalRecord>[] = [
    { key: 'id', header: 'No.', nowrap: true, render: (a) => `#${a.id}` },
    {
      key: 'summary',
      header: 'Action',
      render: (a) => (
        <Stack gap={0} maw={360} style={{ minWidth: 'min(200px, 30vw)' }}>
          <Text size="xs" c="dimmed">
            {approvalKindLabels[a.kind]}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.summary}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      nowrap: true,
      priority: 2,
      render: (a) => (a.amount === null ? '-' : <Money value={a.amount} fw={600} />),
    },
    {
      key: 'member',
      header: 'Member',
      priority: 2,
      render: (a) =>
        a.member_id === null || a.member_username === null ? (
          '-'
        ) : (
          <MemberName
            name={a.member_fullname}
            username={a.member_username}
            id={a.member_id}
            to={profilePath(a.member_id)}
          />
        ),
    },
    {
      key: 'changes',
      header: 'Changes',
      priority: 3,
      render: (a) => <ApprovalChanges changes={a.changes} />,
    },
    {
      key: 'requested',
      header: 'Requested by',
      priority: 2,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace">
            {a.requested_by_username}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(a.requested_at)}
          </Text>
        </Stack>
      ),
    },
    { key: 'reason', header: 'Reason', priority: 4, render: (a) => orDash(a.reason) },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      priority: 3,
      render: (a) => (
        <Badge color={statusColors[a.status]} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
          {approvalStatusLabels[a.status]}
        </Badge>
      ),
    },
    {
      key: 'decided',
      header: 'Decided',
      priority: 4,
      render: (a) =>
        a.decided_at === null ? (
          '-'
        ) : (
          <Stack gap={0}>
            <Text size="sm">
              {orDash(a.decided_by_username)} · {formatDateTime(a.decided_at)}
            </Text>
            {a.decision_reason !== null && (
              <Text size="xs" c="dimmed">
                {a.decision_reason}
              </Text>
            )}
          </Stack>
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      stickyEnd: true,
      render: (a) => <DecisionButtons approval={a} adminId={adminId} onDecide={onDecide} />,
    },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(a) => a.id}
      emptyText={emptyText}
      rowLabel={(a) => `approval ${a.id}`}
    />
  );
}

function DecisionButtons({
  approval: a,
  adminId,
  onDecide,
}: {
  approval: ApprovalRecord;
  adminId: number;
  onDecide: ApprovalsTableProps['onDecide'];
}) {
  const role = approvalRole(a, adminId);
  if (role === 'closed') return null;
  if (role === 'requester') {
    return (
      <Stack gap={4} align="flex-start" maw={120}>
        <Text size="xs" c="dimmed">
          Waiting for another admin
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onDecide(a, 'cancel')}
          aria-label={`Cancel approval ${a.id}`}
        >
          Cancel
        </Button>
      </Stack>
    );
  }
  return (
    <RowActions
      actions={[
        {
          label: 'Approve',
          ariaLabel: `Approve approval ${a.id}`,
          tone: 'go',
          onClick: () => onDecide(a, 'approve'),
        },
        {
          label: 'Reject',
          ariaLabel: `Reject approval ${a.id}`,
          tone: 'stop',
          onClick: () => onDecide(a, 'reject'),
        },
      ]}
    />
  );
}
