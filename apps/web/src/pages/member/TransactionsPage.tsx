import { useParams } from 'react-router';
import { PlannedPage } from '../../ui/PlannedPage';

/** /user/transaction/{table_name} and /user/transaction/{table_name}/{fit}. */
export default function TransactionsPage() {
  const { table_name: tableName = '', fit } = useParams();
  const kind = tableName.replace(/_/g, ' ');
  return (
    <PlannedPage
      title={`Transactions: ${kind}${fit ? ` (${fit})` : ''}`}
      summary="Your ledger entries of this kind, newest first and paged, will be listed here."
    />
  );
}
