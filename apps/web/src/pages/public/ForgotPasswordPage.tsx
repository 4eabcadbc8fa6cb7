import { useT } from '../../i18n/i18n';
import { AUTH_NS } from '../../modules/auth/i18n';
import { ForgotPasswordForm } from '../../modules/recovery/components/ForgotPasswordForm';
import { CenteredPage } from '../../ui/CenteredPage';

/** /forgot-password: POST /pass/forget {email}. */
export default function ForgotPasswordPage() {
  const { t } = useT(AUTH_NS);
  return (
    <CenteredPage title={t('pages.forgotPassword')}>
      <ForgotPasswordForm />
    </CenteredPage>
  );
}
