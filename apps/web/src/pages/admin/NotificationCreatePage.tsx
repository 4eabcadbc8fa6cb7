import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { NotificationForm } from '../../modules/notifications/components/NotificationForm';
import { PageShell } from '../../ui/PageShell';

/** /admin/notifications (spec 2.4): a notification or site popup for every member or chosen ones. */
export default function NotificationCreatePage() {
  return (
    <PageShell
      title="Create Notification"
      description="Send a notice to every member or to the members you choose."
      actions={
        <Anchor component={Link} to="/admin/notification/list" size="sm">
          Sent notifications
        </Anchor>
      }
    >
      <NotificationForm />
    </PageShell>
  );
}
