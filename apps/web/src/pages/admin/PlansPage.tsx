import { PlannedPage } from '../../ui/PlannedPage';

export default function PlansPage() {
  return (
    <PlannedPage
      title="Plans"
      summary="Creating and editing plans (price, daily ROI, sponsor bonus and period) will happen here."
    />
  );
}
