import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconTrash } from '@tabler/icons-react';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDate, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { isPositiveAmount, Money } from '../../../ui/Money';
import { profilePath } from '../profilePath';
import { ActiveBadge, StatusBadge } from './StatusBadges';

export { profilePath };

interface UsersTableProps {
  users: readonly UserRecord[];
  onDelete: (user: UserRecord) => void;
}

export function UsersTable({ users, onDelete }: UsersTableProps) {
  const columns: Column<UserRecord>[] = [
    {
      key: 'member',
      header: 'Member',
      render: (u) => <MemberName name={u.fullname} username={u.username} id={u.id} to={profilePath(u.id)} />,
    },
    { key: 'email', header: 'Email', nowrap: true, priority: 3, render: (u) => u.email },
    { key: 'phone', header: 'Phone', nowrap: true, priority: 4, render: (u) => orDash(u.phone) },
    {
      key: 'code',
      header: 'Referral code',
      nowrap: true,
      priority: 4,
      render: (u) => (
        <Text ff="monospace" size="sm">
          {u.refferal_code}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      priority: 2,
      render: (u) => <StatusBadge status={u.status} />,
    },
    {
      key: 'active',
      header: 'Active',
      nowrap: true,
      priority: 3,
      render: (u) => <ActiveBadge value={u.is_active} />,
    },
    {
      key: 'plan',
      header: 'Plan',
      nowrap: true,
      priority: 2,
      render: (u) =>
        isPositiveAmount(u.active_plan) ? (
          <Money value={u.active_plan} />
        ) : (
          <Text c="dimmed" size="sm">
            No plan
          </Text>
        ),
    },
    { key: 'joined', header: 'Joined', nowrap: true, priority: 3, render: (u) => formatDate(u.created_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      stickyEnd: true,
      render: (u) => (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(u)}
            aria-label={`Delete ${u.username}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <DataTable
      rows={users}
      columns={columns}
      rowKey={(u) => u.id}
      emptyText="No members match."
      rowLabel={(u) => u.username}
    />
  );
}
