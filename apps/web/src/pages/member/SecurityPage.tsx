import { TwoFactorSettings } from '../../modules/auth/components/TwoFactorSettings';
import { PageShell } from '../../ui/PageShell';

/** /user/security: the member's two-factor sign-in (issue 13): status, turn on or off, new recovery codes. */
export default function SecurityPage() {
  return (
    <PageShell title="Security" description="Protect your account and your withdrawals with a second step.">
      <TwoFactorSettings />
    </PageShell>
  );
}
