import { Stack } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { PRIVACY_NS } from '../../modules/privacy/i18n';
import { CloseCard, ExportCard } from '../../modules/privacy/PrivacyPanels';
import { PageShell } from '../../ui/PageShell';

/** /user/privacy, "Your data" (decision 0077): download a copy of your data; close your account. */
export default function MemberPrivacyPage() {
  const { t } = useT(PRIVACY_NS);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Stack gap="lg">
        <ExportCard />
        <CloseCard />
      </Stack>
    </PageShell>
  );
}
