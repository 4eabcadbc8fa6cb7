import { useT } from '../../i18n/i18n';
import { FlagsPanel } from '../../modules/income-holds/FlagsPanel';
import { HELD_INCOME_NS } from '../../modules/income-holds/i18n';
import { PageShell } from '../../ui/PageShell';

/** /admin/compliance/flags (compliance): member flags, raised by hand or by a check, cleared with a reason. */
export default function ComplianceFlagsPage() {
  const { t } = useT(HELD_INCOME_NS);
  return (
    <PageShell title={t('flagsPage.title')} description={t('flagsPage.description')}>
      <FlagsPanel />
    </PageShell>
  );
}
