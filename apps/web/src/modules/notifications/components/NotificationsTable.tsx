import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { type SentNotification, typeLabels } from '../api/notificationsApi';

interface NotificationsTableProps {
  rows: readonly SentNotification[];
  onDelete: (row: SentNotification) => void;
}

/** Spec 2.5: #, Title, Message, All User (True/False), Type and Actions (delete). */
export function NotificationsTable({ rows, onDelete }: NotificationsTableProps) {
  const columns: ResponsiveColumn<SentNotification>[] = [
    { key: 'n', header: '#', nowrap: true, render: (n) => n.notification_id, hideOnPhone: true },
    {
      key: 'title',
      header: 'Title',
      render: (n) => (
        <Text fw={600} size="sm">
          {n.title}
        </Text>
      ),
      hideOnPhone: true,
    },
    {
      key: 'message',
      header: 'Message',
      wide: true,
      render: (n) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', maxWidth: 480 }} title={n.message}>
          {n.message}
        </Text>
      ),
    },
    {
      key: 'all',
      header: 'All User',
      nowrap: true,
      render: (n) =>
        n.users ? (
          'True'
        ) : (
          <span>
            False{' '}
            <Text span size="xs" c="dimmed">
              ({n.recipients.length} {n.recipients.length === 1 ? 'member' : 'members'})
            </Text>
          </span>
        ),
    },
    {
      key: 'type',
      header: 'Type',
      nowrap: true,
      render: (n) => (
        <Badge variant="light" color={n.type === 'site_popup' ? 'grape' : 'blue'}>
          {typeLabels[n.type]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      stickyEnd: true,
      render: (n) => (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(n)}
            aria-label={`Delete ${n.title}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(n) => n.id}
      emptyText="No notifications sent yet."
      minWidth={720}
      heading={(n) => (
        <Text fw={600} size="sm">
          #{n.notification_id} {n.title}
        </Text>
      )}
    />
  );
}
