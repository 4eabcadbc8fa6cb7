import { Anchor, Card } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { messageOr } from '../../modules/content/api/upload';
import {
  type SentNotification,
  useAdminNotifications,
  useDeleteNotification,
} from '../../modules/notifications/api/notificationsApi';
import { NotificationsTable } from '../../modules/notifications/components/NotificationsTable';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorDialog } from '../../ui/ErrorDialog';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /admin/notification/list (spec 2.5): every notification sent, newest first, with delete. */
export default function NotificationListPage() {
  const list = useAdminNotifications();
  const remove = useDeleteNotification();
  const [pending, setPending] = useState<SentNotification | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    if (pending === null) return;
    remove.mutate(pending.id, {
      onSuccess: (res) => {
        setPending(null);
        toast.success(res.message, { duration: 3000 });
      },
      onError: (error) => {
        setPending(null);
        setFailure(messageOr(error, 'The notification could not be deleted.'));
      },
    });
  };

  return (
    <PageShell
      title="Notification List"
      description="Notifications and site popups sent to members. Deleting one hides it from members."
      actions={
        <Anchor component={Link} to="/admin/notifications" size="sm">
          Create a notification
        </Anchor>
      }
    >
      <Card withBorder radius="lg" padding="md">
        {list.isError && (
          <LoadError
            title="Notifications could not be loaded"
            error={list.error}
            onRetry={() => void list.refetch()}
            loadedAt={list.dataUpdatedAt}
          />
        )}
        <Spinner loading={list.isPending} />
        {list.data !== undefined && <NotificationsTable rows={list.data} onDelete={setPending} />}
      </Card>
      <ConfirmDialog
        opened={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        loading={remove.isPending}
      />
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </PageShell>
  );
}
