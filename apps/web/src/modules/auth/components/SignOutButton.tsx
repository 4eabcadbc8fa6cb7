import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { signInPath } from '../../../app/homes';
import { useT } from '../../../i18n/i18n';
import { SHELL_NS } from '../../../ui/i18n';
import { useSignOut } from '../hooks/useAuthActions';
import { useSession } from '../hooks/useSession';

/** Signing out from the two-factor steps (the area's menu, with its sign-out, is not there yet). */
export function SignOutButton() {
  const { t } = useT(SHELL_NS);
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLogout size={16} />}
      loading={signOut.isPending}
      style={{ flexShrink: 0 }}
      onClick={() => {
        // To the area's sign-in page at once. Should the signed-out state render before this navigation (a
        // transition), the step's guard sends the visitor to the same page (guards.tsx, signedOutArea).
        navigate(signInPath(session?.role), { replace: true });
        signOut.mutate();
      }}
    >
      {t('frame.signOut')}
    </Button>
  );
}
