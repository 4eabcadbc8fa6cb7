import { Badge, Card, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../modules/auth/hooks/useSession';
import { messageOr } from '../../modules/content/api/upload';
import { MemberNewsFeed } from '../../modules/content/components/MemberNewsFeed';
import {
  type MemberNotice,
  useMarkSeen,
  useMemberNotifications,
} from '../../modules/notifications/api/notificationsApi';
import { EventMailSettings } from '../../modules/notifications/components/EventMailSettings';
import { MemberEvents } from '../../modules/notifications/components/MemberEvents';
import { MemberNotificationList } from '../../modules/notifications/components/MemberNotificationList';
import { SitePopup } from '../../modules/notifications/components/SitePopup';
import { ErrorDialog } from '../../ui/ErrorDialog';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/notifications: what the team sent to every member or to this member, with the unread count. */
export default function NotificationsPage() {
  const session = useSession();
  const userId = session?.account.id ?? null;
  const list = useMemberNotifications(userId);
  const markSeen = useMarkSeen(userId);
  const [failure, setFailure] = useState<string | null>(null);

  const onMarkSeen = (n: MemberNotice) => {
    markSeen.mutate(n.id, {
      onError: (error) => setFailure(messageOr(error, 'The notification could not be marked as seen.')),
    });
  };

  const onEventError = (error: unknown) =>
    setFailure(messageOr(error, 'The notification could not be changed.'));

  const unread = list.data?.unread;
  return (
    <PageShell
      title="Notifications"
      description="What happened to your account, and notices from the SocialGenX team."
      actions={
        unread !== undefined ? (
          <Badge
            size="lg"
            variant={unread > 0 ? 'filled' : 'light'}
            color={unread > 0 ? 'blue' : 'gray'}
            data-testid="unread-count"
          >
            {unread} unread
          </Badge>
        ) : null
      }
    >
      <MemberEvents onError={onEventError} />
      <Card withBorder radius="lg" padding="md">
        <Title order={4} mb="sm">
          From the team
        </Title>
        {list.isError && (
          <LoadError
            title="Notifications could not be loaded"
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
