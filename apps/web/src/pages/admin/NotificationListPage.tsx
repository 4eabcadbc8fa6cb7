import { Anchor, Card } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { serverText } from '../../i18n/server';
import { messageOr } from '../../modules/content/api/upload';
import { ADMIN_NOTIFICATIONS_NS } from '../../modules/notifications/adminI18n';
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
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  const list = useAdminNotifications();
  const remove = useDeleteNotification();
  const [pending, setPending] = useState<SentNotification | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    if (pending === null) return;
    remove.mutate(pending.id, {
      onSuccess: (res) => {
        setPending(null);
        toast.success(serverText(res.message), { duration: 3000 });
      },
      onError: (error) => {
        setPending(null);
        setFailure(messageOr(error, t('list.deleteFailed')));
      },
    });
  };

  return (
    <PageShell
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Anchor component={Link} to="/admin/notifications" size="sm">
          {t('list.create')}
        </Anchor>
      }
    >
      <Card withBorder radius="lg" padding="md">
        {list.isError && (
          <LoadError
            title={t('list.loadError')}
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
