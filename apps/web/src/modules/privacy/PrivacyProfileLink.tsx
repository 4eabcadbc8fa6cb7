import { Anchor, Card, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { PRIVACY_NS } from './i18n';

/** The profile's way to "Your data": a copy of the member's data, closing the account (decision 0077). */
export function PrivacyProfileLink() {
  const { t } = useT(PRIVACY_NS);
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="xs" wrap="nowrap">
        <IconShieldLock size={20} aria-hidden />
        <Anchor component={Link} to="/user/privacy" data-testid="privacy-profile-link">
          <Text span>{t('profileLink')}</Text>
        </Anchor>
      </Group>
    </Card>
  );
}
