import { Anchor, Badge, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SetupItem } from '@sgx/contracts';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/LoadError';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { useSetupStatus } from '../api/setupApi';
import { SETUP_NS } from '../i18n';

/**
 * The admin dashboard's first-run checklist (GET /admin/setup): each item done or not, why, and a link to
 * where it is set. Gone once every item is done, and never shown to a role that cannot set them.
 */
export function SetupChecklist() {
  const { t } = useT(SETUP_NS);
  // For the roles that can act on it (decision 0056): its items are set in the settings area (an owner's).
  const mayAct = useStaffMay('settings');
  const status = useSetupStatus(mayAct);
  if (!mayAct) return null;
  if (status.isError) {
    return (
      <LoadError
        title={t('loadError')}
        error={status.error}
        onRetry={() => void status.refetch()}
        loadedAt={status.dataUpdatedAt}
      />
    );
  }
  if (status.isPending) {
    return <Skeleton h={180} radius="lg" aria-label={t('loading')} />;
  }
  if (status.data.done) return null;
  const left = status.data.items.filter((i) => !i.done).length;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={t('label')}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <div>
          <Title order={3} fz="lg">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {t('intro')}
          </Text>
        </div>
        <Badge color="orange" variant="light" data-testid="setup-left">
          {t('left', { left, total: status.data.items.length })}
        </Badge>
      </Group>
      <List spacing="sm" listStyleType="none" data-testid="setup-checklist">
        {status.data.items.map((item) => (
          <ChecklistItem key={item.key} item={item} />
        ))}
      </List>
    </Card>
  );
}

function ChecklistItem({ item }: { item: SetupItem }) {
  const { t } = useT(SETUP_NS);
  return (
    <List.Item
      data-testid={`setup-${item.key}`}
      data-done={item.done}
      icon={
        <ThemeIcon color={item.done ? 'teal' : 'orange'} variant="light" radius="xl" size={26}>
          {item.done ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
        </ThemeIcon>
      }
    >
      <Stack gap={0}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {item.title}
          </Text>
          <Text size="xs" c={item.done ? 'teal' : 'orange'} fw={600}>
            {item.done ? t('done') : t('notDone')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {item.explanation}
        </Text>
        <Anchor component={Link} to={item.path} size="sm" w="fit-content">
          {t(`links.${item.key}`)}
        </Anchor>
      </Stack>
    </List.Item>
  );
}
