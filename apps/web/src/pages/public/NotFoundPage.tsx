import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredPage } from '../../ui/CenteredPage';

export default function NotFoundPage() {
  return (
    <CenteredPage title="Page not found">
      <Stack align="center" ta="center" gap="md" maw={460}>
        <Text fz={64} fw={800} c="indigo.5" lh={1}>
          404
        </Text>
        <Title order={1} fz={26}>
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </CenteredPage>
  );
}
