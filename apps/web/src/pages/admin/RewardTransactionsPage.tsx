import { PlannedPage } from '../../ui/PlannedPage';

export default function RewardTransactionsPage() {
  return (
    <PlannedPage
      title="Reward Transactions"
      summary="Rank rewards claimed and carried forward will be listed here."
    />
  );
}
