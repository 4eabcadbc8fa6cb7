import { TwoFactorSettings } from '../../modules/auth/components/TwoFactorSettings';
import { PageShell } from '../../ui/PageShell';

/** /admin/security: the admin's two-factor sign-in (issue 13): status and new recovery codes (always on). */
export default function AdminSecurityPage() {
  return (
    <PageShell title="Security" description="Your two-factor sign-in. Staff accounts always have it on.">
      <TwoFactorSettings />
    </PageShell>
  );
}
