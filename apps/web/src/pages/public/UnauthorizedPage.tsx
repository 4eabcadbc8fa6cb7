import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHome, memberHome } from '../../app/homes';
import { useSession } from '../../modules/auth/hooks/useSession';
import { CenteredPage } from '../../ui/CenteredPage';

export default function UnauthorizedPage() {
  const session = useSession();
  const home = session?.role === 'admin' ? adminHome : memberHome;
  return (
    <CenteredPage title="Unauthorized">
      <Card withBorder radius="lg" padding="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="orange" variant="light">
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Unauthorized
          </Title>
          <Text c="dimmed">
            {session === null
              ? 'You need to sign in to open this page.'
              : `This page is not available to ${session.role === 'admin' ? 'an admin' : 'a member'} account.`}
          </Text>
          <Group>
            {session === null ? (
              <Button component={Link} to="/login">
                Sign in
              </Button>
            ) : (
              <Button component={Link} to={home}>
                Go to your dashboard
              </Button>
            )}
            <Button component={Link} to="/" variant="default">
              Home
            </Button>
          </Group>
        </Stack>
      </Card>
    </CenteredPage>
  );
}
