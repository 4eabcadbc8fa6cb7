import { PlannedPage } from '../../ui/PlannedPage';

export default function NotificationsPage() {
  return (
    <PlannedPage
      title="Notifications"
      summary="Notices and announcements from the SocialGenX team will be listed here."
    />
  );
}
