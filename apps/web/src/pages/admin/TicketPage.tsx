import { useParams } from 'react-router';
import { PlannedPage } from '../../ui/PlannedPage';

/** /admin/ticket/{ticketId} */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  return (
    <PlannedPage
      title={`Ticket ${ticketId}`}
      summary="This ticket, its replies, a reply form and its status control will appear here."
    />
  );
}
