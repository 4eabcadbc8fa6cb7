import { PlannedPage } from '../../ui/PlannedPage';

export default function TicketsPage() {
  return (
    <PlannedPage
      title="Tickets"
      summary="Support tickets from members, grouped by status, will be listed here."
    />
  );
}
