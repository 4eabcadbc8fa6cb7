import { Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/LoadError';
import { Spinner } from '../../../ui/Spinner';
import { ADMIN_NOTIFICATIONS_NS } from '../adminI18n';
import { useEventMailSettings, useSetEventMail } from '../api/notificationsApi';

/** Which of the account notifications the member also receives by e-mail, one switch per kind. */
export function EventMailSettings({ onError }: { onError: (error: unknown) => void }) {
  const { t } = useT(ADMIN_NOTIFICATIONS_NS);
  const settings = useEventMailSettings();
  const setMail = useSetEventMail();
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={4}>{t('mail.title')}</Title>
        {settings.data && !settings.data.mail && (
          <Text size="sm" c="dimmed">
            {t('mail.noMail')}
          </Text>
        )}
        {settings.isError && (
          <LoadError
            title={t('mail.loadError')}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )}
        <Spinner loading={settings.isPending} label={t('mail.loading')} />
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
