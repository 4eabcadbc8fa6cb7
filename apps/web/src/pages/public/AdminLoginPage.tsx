import { SignInForm } from '../../modules/auth/components/SignInForm';
import { CenteredPage } from '../../ui/CenteredPage';

export default function AdminLoginPage() {
  return (
    <CenteredPage title="Admin sign-in">
      <SignInForm area="admin" />
    </CenteredPage>
  );
}
