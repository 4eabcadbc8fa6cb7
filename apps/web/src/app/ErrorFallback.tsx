import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { tr } from '../i18n/i18n';

/**
 * The page shown when the application fails (spec 2.1). Plain links so it works even if routing broke; its texts
 * are read with `tr` (never waiting for a language to load: English until it is there).
 */
export function ErrorFallback({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {tr('failure.title')}
        </Title>
        <Text c="dimmed">{tr('failure.text')}</Text>
        {detail !== null && import.meta.env.DEV && <Code block>{detail}</Code>}
        <Group>
          <Button onClick={() => window.location.reload()}>{tr('failure.reload')}</Button>
          <Button component="a" href="/" variant="default">
            {tr('failure.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
