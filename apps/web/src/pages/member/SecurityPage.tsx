import { Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { ApiKeysPanel } from '../../modules/api-keys/ApiKeysPanel';
import { useTwoFactorStatus } from '../../modules/auth/api/twoFactorApi';
import { TwoFactorSettings } from '../../modules/auth/components/TwoFactorSettings';
import { PLANS_NS } from '../../modules/plans/i18n';
import { PageShell } from '../../ui/PageShell';

/**
 * /user/security: the member's two-factor sign-in (decision 0023): status, turn on or off, new recovery codes; and
 * their read-only API keys (decision 0071), made with the two-factor code.
 */
export default function SecurityPage() {
  const { t } = useT(PLANS_NS);
  const twoFactor = useTwoFactorStatus();
  return (
    <PageShell title={t('security.title')} description={t('security.description')}>
      <Stack gap="lg">
        <TwoFactorSettings />
        <ApiKeysPanel kind="member" disabled={twoFactor.data?.enabled === false} />
      </Stack>
    </PageShell>
  );
}
