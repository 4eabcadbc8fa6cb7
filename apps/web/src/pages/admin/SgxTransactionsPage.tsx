import { useT } from '../../i18n/i18n';
import { SgxTransactionsDashboard } from '../../modules/token/components/SgxTransactionsDashboard';
import { TOKEN_NS } from '../../modules/token/i18n';
import { PageShell } from '../../ui/PageShell';

/** /admin/sgx-transactions: every SGX trade, the price history, and one member's trades. */
export default function SgxTransactionsPage() {
  const { t } = useT(TOKEN_NS);
  return (
    <PageShell title={t('dashboard.title')} description={t('dashboard.description')}>
      <SgxTransactionsDashboard />
    </PageShell>
  );
}
