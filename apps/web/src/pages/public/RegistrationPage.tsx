import { useT } from '../../i18n/i18n';
import { RegistrationForm } from '../../modules/auth/components/RegistrationForm';
import { AUTH_NS } from '../../modules/auth/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

export default function RegistrationPage() {
  const { t } = useT(AUTH_NS);
  return (
    <CenteredPage title={t('register.title')}>
      <RegistrationForm />
    </CenteredPage>
  );
}
