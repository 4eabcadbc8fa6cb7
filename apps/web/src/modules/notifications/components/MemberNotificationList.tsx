import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { type MemberNotice, typeLabels } from '../api/notificationsApi';
import { NOTIFICATIONS_NS } from '../i18n';

interface MemberNotificationListProps {
  notifications: readonly MemberNotice[];
  onMarkSeen: (n: MemberNotice) => void;
  /** The notification whose mark-as-seen call is running. */
  marking: number | null;
}

/** A member's notifications, newest first; unread ones stand out and can be marked as seen. */
export function MemberNotificationList({ notifications, onMarkSeen, marking }: MemberNotificationListProps) {
  const { t } = useT(NOTIFICATIONS_NS);
  if (notifications.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('notices.empty')}
      </Text>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t('notices.list')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {notifications.map((n) => (
        <Paper
          key={n.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-seen={n.seen}
          aria-label={n.title}
          style={
            n.seen
              ? undefined
              : {
                  borderLeft: '4px solid var(--mantine-color-blue-6)',
                  background: 'var(--mantine-color-blue-light)',
                }
          }
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" color={n.seen ? 'gray' : 'blue'} radius="xl" visibleFrom="xs">
              {n.seen ? <IconBellCheck size={18} /> : <IconBell size={18} />}
            </ThemeIcon>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{n.title}</Text>
                  {!n.seen && (
                    <Badge size="sm" color="blue">
                      {t('new')}
                    </Badge>
                  )}
                  {n.type === 'site_popup' && (
                    <Badge size="sm" variant="light" color="grape">
                      {typeLabels.site_popup}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.created_at)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {n.message}
              </Text>
              <Group justify="flex-end" mt={4}>
                {n.seen ? (
                  <Text size="xs" c="dimmed">
                    {t('notices.seen', { time: formatDateTime(n.seen_at) })}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onMarkSeen(n)}
                    loading={marking === n.id}
                    aria-label={t('notices.markSeenNamed', { title: n.title })}
                  >
                    {t('notices.markSeen')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
