import { PlannedPage } from '../../ui/PlannedPage';

export default function TopupPage() {
  return <PlannedPage title="Top-ups" summary="Plan top-ups and re-top-ups will be listed here." />;
}
