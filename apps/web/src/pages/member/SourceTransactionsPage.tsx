import { useParams } from 'react-router';
import { PlannedPage } from '../../ui/PlannedPage';

/** /transactions/{source} */
export default function SourceTransactionsPage() {
  const { source = '' } = useParams();
  return (
    <PlannedPage
      title={`Transactions from ${source.replace(/_/g, ' ')}`}
      summary="Your transactions from this source, with their status, will be listed here."
    />
  );
}
