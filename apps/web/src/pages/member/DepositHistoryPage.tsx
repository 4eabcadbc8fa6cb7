import { PlannedPage } from '../../ui/PlannedPage';

export default function DepositHistoryPage() {
  return (
    <PlannedPage
      title="Deposit History"
      summary="Every deposit you make, with its chain, transaction hash and status, will be listed here."
    />
  );
}
