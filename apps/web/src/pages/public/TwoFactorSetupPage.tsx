import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useT } from '../../i18n/i18n';
import { passed } from '../../modules/auth/api/twoFactorApi';
import { RecoveryCodes } from '../../modules/auth/components/RecoveryCodes';
import { SignOutButton } from '../../modules/auth/components/SignOutButton';
import { TwoFactorEnrolment } from '../../modules/auth/components/TwoFactorEnrolment';
import { RECOVERY_NS } from '../../modules/recovery/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

/**
 * /two-factor/setup: an admin without two-factor sign-in sets it up before anything else (decision 0023). Once
 * the first code is accepted the recovery codes are shown once; 'I have saved them' opens the back-office.
 */
export default function TwoFactorSetupPage() {
  const { t } = useT(RECOVERY_NS);
  const dispatch = useAppDispatch();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <CenteredPage title={t('twoFactor.setupTitle')}>
      <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={640}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={1} fz={28}>
                {codes === null ? t('twoFactor.setupTitle') : t('twoFactor.codesTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {codes === null ? t('twoFactor.staffIntro') : t('twoFactor.isOn')}
              </Text>
            </div>
            <SignOutButton />
          </Group>
          {codes === null ? (
            <TwoFactorEnrolment onConfirmed={setCodes} />
          ) : (
            <RecoveryCodes codes={codes} onDone={() => void passed(dispatch)} />
          )}
        </Stack>
      </Card>
    </CenteredPage>
  );
}
