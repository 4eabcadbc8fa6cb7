import { PlannedPage } from '../../ui/PlannedPage';

export default function WatchAndEarnPage() {
  return (
    <PlannedPage
      title="Watch and Earn"
      summary="Watching today's short video to claim your daily ROI will happen here."
    />
  );
}
