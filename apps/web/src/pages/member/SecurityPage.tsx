import { useT } from '../../i18n/i18n';
import { TwoFactorSettings } from '../../modules/auth/components/TwoFactorSettings';
import { PLANS_NS } from '../../modules/plans/i18n';
import { PageShell } from '../../ui/PageShell';

/** /user/security: the member's two-factor sign-in (decision 0023): status, turn on or off, new recovery codes. */
export default function SecurityPage() {
  const { t } = useT(PLANS_NS);
  return (
    <PageShell title={t('security.title')} description={t('security.description')}>
      <TwoFactorSettings />
    </PageShell>
  );
}
