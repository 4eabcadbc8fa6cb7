import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { ADMIN_NOTIFICATIONS_NS } from '../adminI18n';
import type { SentNotification } from '../api/notificationsApi';

interface NotificationsTableProps {
  rows: readonly SentNotification[];
  onDelete: (row: SentNotification) => void;
}

/** Spec 2.5: #, Title, Message, All User (True/False), Type and Actions (delete). */
export function NotificationsTable({ rows, onDelete }: NotificationsTableProps) {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  const columns: ResponsiveColumn<SentNotification>[] = [
    { key: 'n', header: '#', nowrap: true, render: (n) => n.notification_id, hideOnPhone: true },
    {
      key: 'title',
      header: t('table.title'),
      render: (n) => (
        <Text fw={600} size="sm">
          {n.title}
        </Text>
      ),
      hideOnPhone: true,
    },
    {
      key: 'message',
      header: t('table.message'),
      wide: true,
      render: (n) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', maxWidth: 480 }} title={n.message}>
          {n.message}
        </Text>
      ),
    },
    {
      key: 'all',
      header: t('table.allUser'),
      nowrap: true,
      render: (n) =>
        n.users ? (
          t('table.true')
        ) : (
          <span>
            {t('table.false')}{' '}
            <Text span size="xs" c="dimmed">
              {t(n.recipients.length === 1 ? 'table.membersOne' : 'table.membersMany', {
                n: n.recipients.length,
              })}
            </Text>
          </span>
        ),
    },
    {
      key: 'type',
      header: t('table.type'),
      nowrap: true,
      render: (n) => (
        <Badge variant="light" color={n.type === 'site_popup' ? 'grape' : 'blue'}>
          {t(`type.${n.type}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      writeArea: 'notify',
      header: t('table.actions'),
      stickyEnd: true,
      render: (n) => (
        <Tooltip label={t('table.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(n)}
            aria-label={t('table.deleteItem', { title: n.title })}
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
      emptyText={t('table.empty')}
      minWidth={720}
      heading={(n) => (
        <Text fw={600} size="sm">
          #{n.notification_id} {n.title}
        </Text>
      )}
    />
  );
}
