import { PlannedPage } from '../../ui/PlannedPage';

export default function RoiRequestPage() {
  return <PlannedPage title="ROI Requests" summary="Members' daily ROI claims will be listed here." />;
}
