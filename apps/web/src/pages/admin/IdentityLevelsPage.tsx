import { useT } from '../../i18n/i18n';
import { IdentityLevelsPanel } from '../../modules/identity-limits/IdentityLevelsPanel';
import { IDENTITY_LIMITS_NS } from '../../modules/identity-limits/i18n';
import { PageShell } from '../../ui/PageShell';

/** /admin/identity-levels (settings area): the identity levels' limits and the unserved countries (decision 0073). */
export default function IdentityLevelsPage() {
  const { t } = useT(IDENTITY_LIMITS_NS);
  return (
    <PageShell title={t('admin.title')} description={t('admin.description')}>
      <IdentityLevelsPanel />
    </PageShell>
  );
}
