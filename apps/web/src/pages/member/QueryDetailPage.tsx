import { useParams } from 'react-router';
import { PlannedPage } from '../../ui/PlannedPage';

/** /user/queries/{ticketId} */
export default function QueryDetailPage() {
  const { ticketId = '' } = useParams();
  return (
    <PlannedPage
      title={`Query ${ticketId}`}
      summary="This support ticket, its replies and a reply form will appear here."
    />
  );
}
