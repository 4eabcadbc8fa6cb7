import { RegistrationForm } from '../../modules/auth/components/RegistrationForm';
import { CenteredPage } from '../../ui/CenteredPage';

export default function RegistrationPage() {
  return (
    <CenteredPage title="Create your account">
      <RegistrationForm />
    </CenteredPage>
  );
}
