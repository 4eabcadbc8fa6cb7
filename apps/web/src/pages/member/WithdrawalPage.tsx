import { PlannedPage } from '../../ui/PlannedPage';

export default function WithdrawalPage() {
  return (
    <PlannedPage
      title="Withdrawal"
      summary="Withdrawal requests from your working, ROI, principal or compound balance to your payout address will be made here."
    />
  );
}
