import { PlannedPage } from '../../ui/PlannedPage';

export default function NotificationCreatePage() {
  return (
    <PlannedPage
      title="Create Notification"
      summary="Creating a notification or banner for all members or chosen members will happen here."
    />
  );
}
