import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AUTH_NS } from '../../modules/auth/i18n';
import { ResetPasswordForm } from '../../modules/recovery/components/ResetPasswordForm';
import { CenteredPage } from '../../ui/CenteredPage';

/** /reset-password?token=...: the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const { t } = useT(AUTH_NS);
  const [params] = useSearchParams();
  return (
    <CenteredPage title={t('pages.resetPassword')}>
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </CenteredPage>
  );
}
