import { useT } from '../../i18n/i18n';
import { SignInForm } from '../../modules/auth/components/SignInForm';
import { AUTH_NS } from '../../modules/auth/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

export default function AdminLoginPage() {
  const { t } = useT(AUTH_NS);
  return (
    <CenteredPage title={t('signIn.adminTitle')}>
      <SignInForm area="admin" />
    </CenteredPage>
  );
}
