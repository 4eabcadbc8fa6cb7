import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { useIdentityStatus } from '../../modules/identity/api';
import { IDENTITY_NS } from '../../modules/identity/i18n';
import { LevelCard } from '../../modules/identity/MemberIdentity';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/** /user/identity: the member's identity levels, their state, and the forms to send or resend (decision 0074). */
export default function IdentityPage() {
  const { t } = useT(IDENTITY_NS);
  const status = useIdentityStatus();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <PageShell title={t('page.title')} description={t('page.description')}>
      <Spinner loading={status.isPending} />
      {status.isError && <ApiErrorAlert error={status.error} />}
      {status.data !== undefined && (
        <Stack gap="md">
          <Text fw={600} data-testid="identity-verified-level">
            {t('yourLevel', { level: status.data.identity_level })}
          </Text>
          {sent !== null && (
            <Alert color="green" withCloseButton onClose={() => setSent(null)} data-testid="identity-sent">
              {sent}
            </Alert>
          )}
          {status.data.levels.map((view) => (
            <LevelCard key={view.level} view={view} country={status.data.country} onSent={setSent} />
          ))}
        </Stack>
      )}
    </PageShell>
  );
}
