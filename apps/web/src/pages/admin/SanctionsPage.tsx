import { useT } from '../../i18n/i18n';
import { SANCTIONS_NS } from '../../modules/sanctions/i18n';
import { SanctionsPanel } from '../../modules/sanctions/SanctionsPanel';
import { PageShell } from '../../ui/PageShell';

/** /admin/sanctions (compliance): the sanctions lists, the checker, the operator's list and the hits (decision 0075). */
export default function SanctionsPage() {
  const { t } = useT(SANCTIONS_NS);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <SanctionsPanel />
    </PageShell>
  );
}
