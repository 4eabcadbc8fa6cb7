import { PlannedPage } from '../../ui/PlannedPage';

export default function SubscriptionPage() {
  return (
    <PlannedPage
      title="Subscription"
      summary="Choosing a plan and activating or raising it from your deposit wallet will happen here."
    />
  );
}
