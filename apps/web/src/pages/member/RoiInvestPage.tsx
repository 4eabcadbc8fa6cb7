import { PlannedPage } from '../../ui/PlannedPage';

export default function RoiInvestPage() {
  return (
    <PlannedPage
      title="ROI History"
      summary="Your daily ROI claims and the plan amounts they were paid on will be listed here."
    />
  );
}
