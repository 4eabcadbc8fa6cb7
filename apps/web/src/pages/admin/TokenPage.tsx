import { PlannedPage } from '../../ui/PlannedPage';

export default function TokenPage() {
  return (
    <PlannedPage
      title="SGX Token"
      summary="The SGX token's price, supply and portfolio, with buy, sell and manual price update, will appear here."
    />
  );
}
