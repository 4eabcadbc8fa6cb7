import { PlannedPage } from '../../ui/PlannedPage';

export default function IncomePage() {
  return (
    <PlannedPage
      title="Income"
      summary="Income paid by type and by day (ROI, level, direct, salary, rewards, CTO) will appear here."
    />
  );
}
