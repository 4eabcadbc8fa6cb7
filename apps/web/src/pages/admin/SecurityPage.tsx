import { useT } from '../../i18n/i18n';
import { ADMIN_DASHBOARD_NS } from '../../modules/admin-dashboard/i18n';
import { TwoFactorSettings } from '../../modules/auth/components/TwoFactorSettings';
import { PageShell } from '../../ui/PageShell';

/** /admin/security: the admin's two-factor sign-in (decision 0023): status and new recovery codes (always on). */
export default function AdminSecurityPage() {
  const { t } = useT(ADMIN_DASHBOARD_NS);
  return (
    <PageShell title={t('pages.securityTitle')} description={t('pages.securityDescription')}>
      <TwoFactorSettings />
    </PageShell>
  );
}
