import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { ADMIN_NOTIFICATIONS_NS } from '../../modules/notifications/adminI18n';
import { NotificationForm } from '../../modules/notifications/components/NotificationForm';
import { PageShell } from '../../ui/PageShell';
import { StaffOnly } from '../../ui/StaffOnly';

/** /admin/notifications (spec 2.4): a notification or site popup for every member or chosen ones. */
export default function NotificationCreatePage() {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  return (
    <PageShell
      title={t('create.title')}
      description={t('create.description')}
      actions={
        <Anchor component={Link} to="/admin/notification/list" size="sm">
          {t('create.sent')}
        </Anchor>
      }
    >
      <StaffOnly area="notify" note>
        <NotificationForm />
      </StaffOnly>
    </PageShell>
  );
}
