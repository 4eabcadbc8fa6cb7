import { ActionIcon, Anchor, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDate, orDash } from '../../../ui/format';
import { isPositiveAmount, Money } from '../../../ui/Money';
import { ActiveBadge, StatusBadge } from './StatusBadges';

export function profilePath(id: number) {
  return `/admin/check/profile/${id}`;
}

interface UsersTableProps {
  users: readonly UserRecord[];
  onDelete: (user: UserRecord) => void;
}

export function UsersTable({ users, onDelete }: UsersTableProps) {
  const columns: Column<UserRecord>[] = [
    {
      key: 'username',
      header: 'Username',
      nowrap: true,
      render: (u) => (
        <Anchor component={Link} to={profilePath(u.id)} fw={600} size="sm">
          {u.username}
        </Anchor>
      ),
    },
    { key: 'name', header: 'Name', render: (u) => u.fullname },
    { key: 'email', header: 'Email', nowrap: true, render: (u) => u.email },
    { key: 'phone', header: 'Phone', nowrap: true, render: (u) => orDash(u.phone) },
    {
      key: 'code',
      header: 'Referral code',
      nowrap: true,
      render: (u) => (
        <Text ff="monospace" size="sm">
          {u.refferal_code}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', nowrap: true, render: (u) => <StatusBadge status={u.status} /> },
    { key: 'active', header: 'Active', nowrap: true, render: (u) => <ActiveBadge value={u.is_active} /> },
    {
      key: 'plan',
      header: 'Plan',
      nowrap: true,
      render: (u) =>
        isPositiveAmount(u.active_plan) ? (
          <Money value={u.active_plan} />
        ) : (
          <Text c="dimmed" size="sm">
            No plan
          </Text>
        ),
    },
    { key: 'joined', header: 'Joined', nowrap: true, render: (u) => formatDate(u.created_at) },
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
      minWidth={1060}
    />
  );
}
