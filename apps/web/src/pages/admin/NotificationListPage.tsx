import { PlannedPage } from '../../ui/PlannedPage';

export default function NotificationListPage() {
  return (
    <PlannedPage title="Notification List" summary="Sent notifications, with delete, will be listed here." />
  );
}
