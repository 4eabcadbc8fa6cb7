import { SignInForm } from '../../modules/auth/components/SignInForm';
import { CenteredPage } from '../../ui/CenteredPage';

export default function LoginPage() {
  return (
    <CenteredPage title="Sign in">
      <SignInForm area="user" />
    </CenteredPage>
  );
}
