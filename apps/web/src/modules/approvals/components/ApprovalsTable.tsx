import { Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ApprovalRecord, ApprovalStatus } from '@sgx/contracts';
import { approvalArea } from '@sgx/contracts/staff-grants';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDateTime, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { Money } from '../../../ui/Money';
import { RowActions } from '../../../ui/RowActions';
import { profilePath } from '../../users/profilePath';
import { type ApprovalDecision, approvalKindLabel, approvalRole, approvalStatusLabel } from '../approvalView';
import { APPROVALS_NS } from '../i18n';
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
  const { t } = useT(APPROVALS_NS);
  const columns: Column<ApprovalRecord>[] = [
    { key: 'id', header: t('table.id'), nowrap: true, render: (a) => `#${a.id}` },
    {
      key: 'summary',
      header: t('table.action'),
      render: (a) => (
        <Stack gap={0} maw={360} style={{ minWidth: 'min(200px, 30vw)' }}>
          <Text size="xs" c="dimmed">
            {approvalKindLabel(a.kind)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.summary}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: t('table.amount'),
      nowrap: true,
      priority: 2,
      render: (a) => (a.amount === null ? '-' : <Money value={a.amount} fw={600} />),
    },
    {
      key: 'member',
      header: t('table.member'),
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
      header: t('table.changes'),
      priority: 3,
      render: (a) => <ApprovalChanges changes={a.changes} />,
    },
    {
      key: 'requested',
      header: t('table.requestedBy'),
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
    { key: 'reason', header: t('table.reason'), priority: 4, render: (a) => orDash(a.reason) },
    {
      key: 'status',
      header: t('table.status'),
      nowrap: true,
      priority: 3,
      render: (a) => (
        <Badge color={statusColors[a.status]} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
          {approvalStatusLabel(a.status)}
        </Badge>
      ),
    },
    {
      key: 'decided',
      header: t('table.decided'),
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
      header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
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
      rowLabel={(a) => t('table.row', { id: a.id })}
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
  const { t } = useT(APPROVALS_NS);
  const role = approvalRole(a, adminId);
  if (role === 'closed') return null;
  if (role === 'requester') {
    return (
      <Stack gap={4} align="flex-start" maw={120}>
        <Text size="xs" c="dimmed">
          {t('table.waiting')}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onDecide(a, 'cancel')}
          aria-label={t('table.cancelLabel', { id: a.id })}
        >
          {t('table.cancel')}
        </Button>
      </Stack>
    );
  }
  return (
    <RowActions
      area={approvalArea[a.kind]}
      actions={[
        {
          label: t('table.approve'),
          ariaLabel: t('table.approveLabel', { id: a.id }),
          tone: 'go',
          onClick: () => onDecide(a, 'approve'),
        },
        {
          label: t('table.reject'),
          ariaLabel: t('table.rejectLabel', { id: a.id }),
          tone: 'stop',
          onClick: () => onDecide(a, 'reject'),
        },
      ]}
    />
  );
}
