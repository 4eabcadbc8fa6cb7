import { SecondFactorCodeForm } from '../../modules/auth/components/SecondFactorCodeForm';
import { CenteredPage } from '../../ui/CenteredPage';

/** /two-factor: the code step after the password, for an account with two-factor sign-in on (issue 13). */
export default function TwoFactorPage() {
  return (
    <CenteredPage title="Two-factor sign-in">
      <SecondFactorCodeForm />
    </CenteredPage>
  );
}
