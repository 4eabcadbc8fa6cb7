import { SgxTransactionsDashboard } from '../../modules/token/components/SgxTransactionsDashboard';
import { PageShell } from '../../ui/PageShell';

/** /admin/sgx-transactions: every SGX trade, the price history, and one member's trades. */
export default function SgxTransactionsPage() {
  return (
    <PageShell title="SGX Transactions" description="Every SGX trade and every change of the token's price.">
      <SgxTransactionsDashboard />
    </PageShell>
  );
}
