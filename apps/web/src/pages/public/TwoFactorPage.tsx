import { useT } from '../../i18n/i18n';
import { SecondFactorCodeForm } from '../../modules/auth/components/SecondFactorCodeForm';
import { AUTH_NS } from '../../modules/auth/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

/** /two-factor: the code step after the password, for an account with two-factor sign-in on (decision 0023). */
export default function TwoFactorPage() {
  const { t } = useT(AUTH_NS);
  return (
    <CenteredPage title={t('secondFactor.title')}>
      <SecondFactorCodeForm />
    </CenteredPage>
  );
}
