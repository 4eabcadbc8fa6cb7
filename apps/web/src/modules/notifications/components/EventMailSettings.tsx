import { Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { useEventMailSettings, useSetEventMail } from '../api/notificationsApi';

/** Which of the account notifications the member also receives by e-mail, one switch per kind. */
export function EventMailSettings({ onError }: { onError: (error: unknown) => void }) {
  const settings = useEventMailSettings();
  const setMail = useSetEventMail();
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={4}>E-mail me about</Title>
        {settings.data && !settings.data.mail && (
          <Text size="sm" c="dimmed">
            This server sends no e-mail at the moment; your choices apply once it does.
          </Text>
        )}
        {settings.isError && (
          <LoadError
            title="E-mail choices could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )}
        <Spinner loading={settings.isPending} label="Loading e-mail choices" />
        {settings.data && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {settings.data.settings.map((s) => (
              <Switch
                key={s.kind}
                label={s.label}
                checked={s.email}
                disabled={setMail.isPending && setMail.variables?.kind === s.kind}
                onChange={(e) =>
                  setMail.mutate({ kind: s.kind, email: e.currentTarget.checked }, { onError })
                }
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
