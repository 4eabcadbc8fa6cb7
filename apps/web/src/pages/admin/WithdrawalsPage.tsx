import { PlannedPage } from '../../ui/PlannedPage';

export default function WithdrawalsPage() {
  return (
    <PlannedPage
      title="Withdrawals"
      summary="Withdrawal requests to approve or decline will be listed here."
    />
  );
}
