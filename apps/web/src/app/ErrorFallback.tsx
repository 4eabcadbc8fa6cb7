import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The page shown when the application fails (spec 2.1). Plain links so it works even if routing broke. */
export function ErrorFallback({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">
          The page failed to load. Your account and balances are not affected. Reload the page, or go back to
          the start.
        </Text>
        {detail !== null && import.meta.env.DEV && <Code block>{detail}</Code>}
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
