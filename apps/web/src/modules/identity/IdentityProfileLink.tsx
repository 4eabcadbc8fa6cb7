import { Anchor, Card, Group, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useIdentityStatus } from './api';
import { IDENTITY_NS } from './i18n';

/** The profile's way to identity verification, with the member's verified level. */
export function IdentityProfileLink() {
  const { t } = useT(IDENTITY_NS);
  const status = useIdentityStatus();
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="xs" wrap="nowrap">
        <IconId size={20} aria-hidden />
        <Anchor component={Link} to="/user/identity" data-testid="identity-profile-link">
          <Text span>{t('profileLink', { level: status.data?.identity_level ?? 0 })}</Text>
        </Anchor>
      </Group>
    </Card>
  );
}
