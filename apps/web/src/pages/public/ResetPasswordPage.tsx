import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../modules/recovery/components/ResetPasswordForm';
import { CenteredPage } from '../../ui/CenteredPage';

/** /reset-password?token=...: the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <CenteredPage title="Reset password">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </CenteredPage>
  );
}
