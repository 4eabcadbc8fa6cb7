import { Badge, Button, Card, Group, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { messageOr } from '../../modules/content/api/upload';
import { MemberNewsFeed } from '../../modules/content/components/MemberNewsFeed';
import {
  type MemberNotice,
  useMarkAllSeen,
  useMarkSeen,
  useMemberNotifications,
  useUnreadCounts,
} from '../../modules/notifications/api/notificationsApi';
import { EventMailSettings } from '../../modules/notifications/components/EventMailSettings';
import { MemberEvents } from '../../modules/notifications/components/MemberEvents';
import { MemberNotificationList } from '../../modules/notifications/components/MemberNotificationList';
import { SitePopup } from '../../modules/notifications/components/SitePopup';
import { UnreadOf } from '../../modules/notifications/components/UnreadOf';
import { NOTIFICATIONS_NS } from '../../modules/notifications/i18n';
import { ErrorDialog } from '../../ui/ErrorDialog';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/**
 * /user/notifications: what happened to the member's account and what the team sent, with the unread
 * count: the server's one count (the menu's badge reads the same answer), of which each section shows its
 * part; reading an item lowers them together (decision 0019).
 */
export default function NotificationsPage() {
  const { t } = useT(NOTIFICATIONS_NS);
  const session = useSession();
  const userId = session?.account.id ?? null;
  const list = useMemberNotifications(userId);
  const counts = useUnreadCounts();
  const markSeen = useMarkSeen(userId);
  const markAll = useMarkAllSeen();
  const [failure, setFailure] = useState<string | null>(null);

  const onMarkSeen = (n: MemberNotice) => {
    markSeen.mutate(n.id, {
      onError: (error) => setFailure(messageOr(error, t('markSeenFailed'))),
    });
  };

  const onEventError = (error: unknown) => setFailure(messageOr(error, t('changeFailed')));

  const unread = counts.data;
  return (
    <PageShell
      title={t('title')}
      description={t('description')}
      actions={
        unread !== undefined ? (
          <Group gap="xs" wrap="wrap">
            <Badge
              size="lg"
              variant={unread.unread > 0 ? 'filled' : 'light'}
              color={unread.unread > 0 ? 'blue' : 'gray'}
              data-testid="unread-count"
            >
              {t('unread', { count: unread.unread })}
            </Badge>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecks size={16} />}
              disabled={unread.unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate(undefined, { onError: onEventError })}
            >
              {t('markAll')}
            </Button>
          </Group>
        ) : null
      }
    >
      <MemberEvents unread={unread?.events} onError={onEventError} />
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
          <Title order={4}>{t('fromTeam')}</Title>
          <UnreadOf count={unread?.notices} testId="unread-notices" />
        </Group>
        {list.isError && (
          <LoadError
            title={t('loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending} />
        {list.data !== undefined && (
          <MemberNotificationList
            notifications={list.data.notifications}
            onMarkSeen={onMarkSeen}
            marking={markSeen.isPending ? (markSeen.variables ?? null) : null}
          />
        )}
      </Card>
      <EventMailSettings onError={onEventError} />
      <MemberNewsFeed />
      <SitePopup />
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </PageShell>
  );
}
