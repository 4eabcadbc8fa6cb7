import { PlannedPage } from '../../ui/PlannedPage';

export default function DepositsPage() {
  return (
    <PlannedPage
      title="Deposits"
      summary="Deposits waiting for approval, and the deposit history, will be listed here."
    />
  );
}
