import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../ui/format';
import { useT } from './i18n';
import { LanguageButtons } from './LanguageButtons';
import { effectiveTimeZone } from './state';
import { TimeZoneSelect } from './TimeZoneSelect';

/** The profile's language and time zone, with the time now as the member will see times. */
export function PreferencesCard() {
  const { t } = useT();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="preferences">
      <Title order={3} fz="lg">
        {t('preferences.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('preferences.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('preferences.language')}
          </Text>
          <LanguageButtons />
        </Stack>
        <TimeZoneSelect />
      </SimpleGrid>
      <Text size="sm" mt="md" data-testid="preferences-now">
        {t('preferences.now', {
          time: formatDateTime(new Date().toISOString()),
          zone: effectiveTimeZone(),
        })}
      </Text>
    </Card>
  );
}
