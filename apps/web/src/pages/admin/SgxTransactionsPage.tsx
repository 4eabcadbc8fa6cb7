import { PlannedPage } from '../../ui/PlannedPage';

export default function SgxTransactionsPage() {
  return (
    <PlannedPage
      title="SGX Transactions"
      summary="All SGX trades and the token's price history will be listed here."
    />
  );
}
