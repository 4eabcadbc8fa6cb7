import { useT } from '../../i18n/i18n';
import { HeldIncomePanel } from '../../modules/income-holds/HeldIncomePanel';
import { HELD_INCOME_NS } from '../../modules/income-holds/i18n';
import { PageShell } from '../../ui/PageShell';

/** /admin/held-income (compliance): income held before it is paid, released or reversed (decision 0076). */
export default function HeldIncomePage() {
  const { t } = useT(HELD_INCOME_NS);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <HeldIncomePanel />
    </PageShell>
  );
}
