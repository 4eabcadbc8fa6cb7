import { PlannedPage } from '../../ui/PlannedPage';

export default function TokenPage() {
  return (
    <PlannedPage
      title="SGX Token"
      summary="The SGX token's price, supply and your portfolio, with buy and sell, will appear here."
    />
  );
}
