import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UserRecord } from '@sgx/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatDate, orDash } from '../../../ui/format';
import { MemberName } from '../../../ui/MemberName';
import { isPositiveAmount, Money } from '../../../ui/Money';
import { ADMIN_USERS_NS } from '../i18n';
import { profilePath } from '../profilePath';
import { ActiveBadge, StatusBadge } from './StatusBadges';

export { profilePath };

interface UsersTableProps {
  users: readonly UserRecord[];
  onDelete: (user: UserRecord) => void;
}

export function UsersTable({ users, onDelete }: UsersTableProps) {
  const { t } = useT(ADMIN_USERS_NS);
  const columns: Column<UserRecord>[] = [
    {
      key: 'member',
      header: t('table.member'),
      render: (u) => <MemberName name={u.fullname} username={u.username} id={u.id} to={profilePath(u.id)} />,
    },
    { key: 'email', header: t('table.email'), nowrap: true, priority: 3, render: (u) => u.email },
    { key: 'phone', header: t('table.phone'), nowrap: true, priority: 4, render: (u) => orDash(u.phone) },
    {
      key: 'code',
      header: t('table.code'),
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
      header: t('table.status'),
      nowrap: true,
      priority: 2,
      render: (u) => <StatusBadge status={u.status} />,
    },
    {
      key: 'active',
      header: t('table.active'),
      nowrap: true,
      priority: 3,
      render: (u) => <ActiveBadge value={u.is_active} />,
    },
    {
      key: 'plan',
      header: t('table.plan'),
      nowrap: true,
      priority: 2,
      render: (u) =>
        isPositiveAmount(u.active_plan) ? (
          <Money value={u.active_plan} />
        ) : (
          <Text c="dimmed" size="sm">
            {t('table.noPlan')}
          </Text>
        ),
    },
    {
      key: 'joined',
      header: t('table.joined'),
      nowrap: true,
      priority: 3,
      render: (u) => formatDate(u.created_at),
    },
    {
      key: 'actions',
      writeArea: 'staff',
      header: <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
      stickyEnd: true,
      // A staff account is never deleted as a member (decision 0054): it is suspended under Staff.
      render: (u) =>
        u.role !== 'user' ? null : (
          <Tooltip label={t('table.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(u)}
              aria-label={t('table.deleteUser', { username: u.username })}
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
      emptyText={t('table.empty')}
      rowLabel={(u) => u.username}
    />
  );
}
