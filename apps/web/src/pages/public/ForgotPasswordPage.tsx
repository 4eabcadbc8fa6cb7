import { ForgotPasswordForm } from '../../modules/recovery/components/ForgotPasswordForm';
import { CenteredPage } from '../../ui/CenteredPage';

/** /forgot-password: POST /pass/forget {email}. */
export default function ForgotPasswordPage() {
  return (
    <CenteredPage title="Forgot password">
      <ForgotPasswordForm />
    </CenteredPage>
  );
}
