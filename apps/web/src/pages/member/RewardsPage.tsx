import { PlannedPage } from '../../ui/PlannedPage';

export default function RewardsPage() {
  return (
    <PlannedPage
      title="Rewards"
      summary="Your current rank, its time window, your team business towards it and your reward claims will appear here."
    />
  );
}
