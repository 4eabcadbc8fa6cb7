import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHome, memberHome } from '../../app/homes';
import { useT } from '../../i18n/i18n';
import { useSession } from '../../modules/auth/hooks/useSession';
import { AUTH_NS } from '../../modules/auth/i18n';
import { CenteredPage } from '../../ui/CenteredPage';

export default function UnauthorizedPage() {
  const { t } = useT(AUTH_NS);
  const session = useSession();
  const home = session?.role === 'admin' ? adminHome : memberHome;
  return (
    <CenteredPage title={t('pages.unauthorized')}>
      <Card withBorder radius="lg" padding="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="orange" variant="light">
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {t('pages.unauthorized')}
          </Title>
          <Text c="dimmed">
            {session === null
              ? t('pages.needSignIn')
              : t(session.role === 'admin' ? 'pages.notForAdmin' : 'pages.notForMember')}
          </Text>
          <Group>
            {session === null ? (
              <Button component={Link} to="/login">
                {t('pages.signIn')}
              </Button>
            ) : (
              <Button component={Link} to={home}>
                {t('pages.yourDashboard')}
              </Button>
            )}
            <Button component={Link} to="/" variant="default">
              {t('pages.home')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </CenteredPage>
  );
}
