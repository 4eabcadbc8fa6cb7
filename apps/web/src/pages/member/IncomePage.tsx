import { PlannedPage } from '../../ui/PlannedPage';

export default function IncomePage() {
  return (
    <PlannedPage
      title="Income"
      summary="Overview, income details and team stats, with your current balance and a withdraw action, will appear here."
    />
  );
}
