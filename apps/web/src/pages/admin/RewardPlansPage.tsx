import { PlannedPage } from '../../ui/PlannedPage';

export default function RewardPlansPage() {
  return (
    <PlannedPage
      title="Reward Plans"
      summary="Rank reward plans (team-business thresholds, time windows and amounts) will be managed here."
    />
  );
}
